import L from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { Marker, useMap, useMapEvents } from "react-leaflet";
import { LOCATION_TEXTS, MAP } from "@caravan/common";
import { BaseMap } from "../../components/map/BaseMap";
import { pickIcon } from "../../components/map/markers";
import type { Coordinates } from "./geolocation";

/** Room around framed points for the pin a tap puts there (42 px tall) and the zoom buttons. */
const FRAME_PADDING: L.PointTuple = [56, 56];

/** Six decimals: about 10 cm, finer than any phone's fix and than the float4 the server stores. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function toCoordinates(latlng: L.LatLng): Coordinates {
  const wrapped = latlng.wrap();
  return { latitude: round6(wrapped.lat), longitude: round6(wrapped.lng) };
}

interface LocationPickerMapProps {
  value: Coordinates | null;
  /** Where to open while no point is chosen: one point is centred, several are framed. */
  startAt: Coordinates[];
  onChange(point: Coordinates): void;
}

/** Map Selection: a click puts the pin there; the pin can be dragged. Loaded with the dialog, not with the page. */
export default function LocationPickerMap({ value, startAt, onChange }: LocationPickerMapProps) {
  const icon = useMemo(() => pickIcon(LOCATION_TEXTS.selectedPoint), []);
  const first = value ?? startAt[0];
  const start: [number, number] = first ? [first.latitude, first.longitude] : [...MAP.defaultCenter];
  return (
    <BaseMap center={start} zoom={MAP.modalZoom} label={LOCATION_TEXTS.mapHint}>
      {value ? null : <FrameStart points={startAt} />}
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

/** Several starting points (the members' positions): all in view, no closer than the picker's own zoom. */
function FrameStart({ points }: { points: Coordinates[] }) {
  const map = useMap();
  const [initial] = useState(points);
  useEffect(() => {
    if (initial.length < 2) return;
    const bounds = L.latLngBounds(initial.map((p) => [p.latitude, p.longitude] as L.LatLngTuple));
    map.fitBounds(bounds, { padding: FRAME_PADDING, maxZoom: MAP.modalZoom, animate: false });
  }, [map, initial]);
  return null;
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
