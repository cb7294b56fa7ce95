import "leaflet/dist/leaflet.css";
import "./map.css";
import L from "leaflet";
import { useEffect, type ReactNode } from "react";
import { MapContainer, TileLayer, useMap } from "react-leaflet";
import { MAP } from "@caravan/common";
import { useClientConfig } from "../../api/config";
import { loadWorld } from "./world";
import { showCountryLabels } from "./world-labels";

const WORLD_PANE = "caravan-world";
const LABELS_PANE = "caravan-world-labels";
/** Under Leaflet's tile pane (200): tiles, when they load, cover the outlines and their names. */
const WORLD_PANE_Z = 150;
const LABELS_PANE_Z = 160;

const MAX_BOUNDS = L.latLngBounds([-MAP.maxLatitude, -180], [MAP.maxLatitude, 180]);

const WORLD_ATTRIBUTION =
  'Outlines: <a href="https://www.naturalearthdata.com/" target="_blank" rel="noreferrer">Natural Earth</a>';

const WORLD_STYLE: L.PathOptions = {
  color: "#8fa59b",
  weight: 0.8,
  fillColor: "#f3efe4",
  fillOpacity: 1,
  lineJoin: "round",
};

export interface BaseMapProps {
  center: [number, number];
  zoom: number;
  label: string;
  /** Overrides the server's TILE_URL; null draws the offline layer alone. */
  tileUrl?: string | null | undefined;
  children?: ReactNode;
}

/**
 * Leaflet with Caravan's fixed settings: SPEC's zoom range and latitude bounds, the bundled world outlines always
 * drawn, the configured raster tiles on top of them. Fills its parent.
 */
export function BaseMap({ center, zoom, label, tileUrl: tileUrlProp, children }: BaseMapProps) {
  // Raster tiles only when the server names a tile server; the offline outlines are drawn either way.
  const configured = useClientConfig().data?.tileUrl ?? null;
  const tileUrl = tileUrlProp === undefined ? configured : tileUrlProp;
  return (
    <MapContainer
      center={center}
      zoom={zoom}
      minZoom={MAP.minZoom}
      maxZoom={MAP.maxZoom}
      maxBounds={MAX_BOUNDS}
      maxBoundsViscosity={1}
      className="caravan-map"
      style={{ height: "100%", width: "100%" }}
      attributionControl
    >
      <WorldLayer />
      {tileUrl ? <TileLayer url={tileUrl} minZoom={MAP.minZoom} maxZoom={MAP.maxZoom} /> : null}
      <KeepSized label={label} />
      {children}
    </MapContainer>
  );
}

function WorldLayer() {
  const map = useMap();

  useEffect(() => {
    for (const [name, z] of [
      [WORLD_PANE, WORLD_PANE_Z],
      [LABELS_PANE, LABELS_PANE_Z],
    ] as const) {
      const pane = map.getPane(name) ?? map.createPane(name);
      pane.style.zIndex = String(z);
    }
    let layer: L.GeoJSON | null = null;
    let removeLabels: (() => void) | null = null;
    let live = true;
    loadWorld().then(
      ({ geometry, countries }) => {
        if (!live) return;
        const options: L.GeoJSONOptions & L.PathOptions = {
          ...WORLD_STYLE,
          interactive: false,
          pane: WORLD_PANE,
          // One canvas for every outline: far cheaper to pan than thousands of SVG paths.
          renderer: L.canvas({ pane: WORLD_PANE, padding: 0.5 }),
          attribution: WORLD_ATTRIBUTION,
        };
        layer = L.geoJSON(geometry, options).addTo(map);
        removeLabels = showCountryLabels(map, countries, LABELS_PANE);
        map.getContainer().dataset.world = "ready";
      },
      () => undefined,
    );
    return () => {
      live = false;
      layer?.remove();
      removeLabels?.();
    };
  }, [map]);
  return null;
}

/** Leaflet measures its container once; dialogs and responsive layouts resize it later. */
function KeepSized({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    // The container takes keyboard focus (arrow keys pan): it needs a name.
    map.getContainer().setAttribute("aria-label", label);
  }, [map, label]);
  useEffect(() => {
    const container = map.getContainer();
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      // Keep the centre where it was: with pan: false Leaflet keeps the top-left corner instead, and a map that
      // grows after its first measurement shows its marker off-centre.
      frame = requestAnimationFrame(() => map.invalidateSize({ animate: false }));
    });
    observer.observe(container);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [map]);
  return null;
}
