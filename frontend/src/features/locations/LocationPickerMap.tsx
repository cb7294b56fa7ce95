import L from "leaflet";
import { useEffect, useMemo } from "react";
import { Marker, useMap, useMapEvents } from "react-leaflet";
import { LOCATION_TEXTS, MAP } from "@caravan/common";
import { BaseMap } from "../../components/map/BaseMap";
import { pickIcon } from "../../components/map/markers";
import type { Coordinates } from "./geolocation";

/** Six decimals: about 10 cm, finer than any phone's fix and than the float4 the server stores. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function toCoordinates(latlng: L.LatLng): Coordinates {
  const wrapped = latlng.wrap();
  return { latitude: round6(wrapped.lat), longitude: round6(wrapped.lng) };
}

interface LocationPickerMapProps {
  value: Coordinates | null;
  onChange(point: Coordinates): void;
}

/** Map Selection: a click puts the pin there; the pin can be dragged. Loaded with the dialog, not with the page. */
export default function LocationPickerMap({ value, onChange }: LocationPickerMapProps) {
  const icon = useMemo(() => pickIcon(LOCATION_TEXTS.selectedPoint), []);
  const start: [number, number] = value ? [value.latitude, value.longitude] : [...MAP.defaultCenter];
  return (
    <BaseMap center={start} zoom={MAP.modalZoom} label={LOCATION_TEXTS.mapHint}>
      <PickOnClick onPick={onChange} />
      {value ? (
        <Marker
          position={[value.latitude, value.longitude]}
          icon={icon}
          draggable
          autoPan
          title={LOCATION_TEXTS.selectedPoint}
          eventHandlers={{ dragend: (e) => onChange(toCoordinates((e.target as L.Marker).getLatLng())) }}
        />
      ) : null}
      {/* After the pin, so the view moves once the pin is on the map and the country names make room for it. */}
      <FollowValue value={value} />
    </BaseMap>
  );
}

function PickOnClick({ onPick }: { onPick(point: Coordinates): void }) {
  useMapEvents({ click: (e) => onPick(toCoordinates(e.latlng)) });
  return null;
}

/** A point set elsewhere (current location, typed coordinates) is brought into view; one picked here already is. */
function FollowValue({ value }: { value: Coordinates | null }) {
  const map = useMap();
  const lat = value?.latitude;
  const lng = value?.longitude;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const point = L.latLng(lat, lng);
    if (!map.getBounds().pad(-0.1).contains(point)) map.setView(point, Math.max(map.getZoom(), MAP.modalZoom));
  }, [map, lat, lng]);
  return null;
}
