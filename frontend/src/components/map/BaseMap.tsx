import "leaflet/dist/leaflet.css";
import "./map.css";
import L from "leaflet";
import { createLeafletContext, LeafletContext, type LeafletContextInterface } from "@react-leaflet/core";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { TileLayer, useMap } from "react-leaflet";
import { MAP } from "@caravan/common";
import { useClientConfig } from "../../api/config";
import { useColorMode } from "../../lib/color-mode";
import { boxOfBounds, openWorld, type WorldFeature } from "./world";
import { showPlaceLabels } from "./place-labels";
import { showCountryLabels } from "./world-labels";

const WORLD_PANE = "caravan-world";
const LABELS_PANE = "caravan-world-labels";
const PLACES_PANE = "caravan-places";
/** Under Leaflet's tile pane (200): tiles, when they load, cover the outlines and their names. */
const WORLD_PANE_Z = 150;
const LABELS_PANE_Z = 160;
const PLACES_PANE_Z = 170;

/** How far the outlines' canvas reaches beyond the view, as a share of it: first, and once the map has moved. */
const WORLD_FIRST_PADDING = 0.1;
const WORLD_PAN_PADDING = 0.5;

/** How long the outlines are added for in one task before the browser gets the main thread back. */
const WORLD_SLICE_MS = 8;

const MAX_BOUNDS = L.latLngBounds([-MAP.maxLatitude, -180], [MAP.maxLatitude, 180]);

const WORLD_ATTRIBUTION =
  'Outlines: <a href="https://www.naturalearthdata.com/" target="_blank" rel="noreferrer">Natural Earth</a>';

const PLACES_ATTRIBUTION =
  'Places: <a href="https://www.geonames.org/" target="_blank" rel="noreferrer">GeoNames</a> (CC BY 4.0)';

/**
 * Leaflet's own credit, as text: its default carries an inline SVG flag, which the browser parses again each time a
 * layer adds its credit (the attribution is rewritten as HTML), a few milliseconds each as the map starts on a phone.
 */
L.Control.Attribution.mergeOptions({
  prefix: '<a href="https://leafletjs.com" target="_blank" rel="noreferrer">Leaflet</a>',
});

const WORLD_STYLE: L.PathOptions = {
  weight: 0.8,
  fillOpacity: 1,
  lineJoin: "round",
};

/** The land's and coasts' colours in the colour mode shown: map.css's variables, read from the map's element. */
function worldColours(container: HTMLElement): Pick<L.PathOptions, "color" | "fillColor"> {
  const style = getComputedStyle(container);
  return {
    color: style.getPropertyValue("--map-coast").trim() || "#8fa59b",
    fillColor: style.getPropertyValue("--map-land").trim() || "#f3efe4",
  };
}

export interface BaseMapProps {
  center: [number, number];
  zoom: number;
  label: string;
  /** Overrides the server's basemap and TILE_URL; null draws the offline layer alone. */
  tileUrl?: string | null | undefined;
  children?: ReactNode;
}

/**
 * Leaflet with Caravan's fixed settings: the product's zoom range and latitude bounds, the bundled world outlines always
 * drawn, and over them the best basemap the server offers: its own PMTiles extract, else TILE_URL's raster tiles,
 * else the gazetteer's place names. Fills its parent.
 */
export function BaseMap({ center, zoom, label, tileUrl: tileUrlProp, children }: BaseMapProps) {
  const { data: config, isPending } = useClientConfig();
  const [vectorFailed, setVectorFailed] = useState(false);
  const onVectorError = useCallback(() => setVectorFailed(true), []);
  const explicit = tileUrlProp !== undefined;
  const basemapUrl = explicit || vectorFailed ? null : (config?.basemapUrl ?? null);
  const tileUrl = explicit ? tileUrlProp : (config?.tileUrl ?? null);
  // Until the settings arrive, only the outlines: no place names asked for that a basemap would replace.
  const layer =
    !explicit && isPending ? null : basemapUrl ? (
      <VectorBasemapLayer url={basemapUrl} onError={onVectorError} />
    ) : tileUrl ? (
      <TileLayer url={tileUrl} minZoom={MAP.minZoom} maxZoom={MAP.maxZoom} className="caravan-raster-tiles" />
    ) : (
      <PlacesLayer />
    );
  return (
    <MapInTasks
      options={{
        center,
        zoom,
        minZoom: MAP.minZoom,
        maxZoom: MAP.maxZoom,
        maxBounds: MAX_BOUNDS,
        maxBoundsViscosity: 1,
        attributionControl: true,
      }}
    >
      <WorldLayer />
      <KeepSized label={label} />
      <InTheNextTask>
        {layer}
        {children}
      </InTheNextTask>
    </MapInTasks>
  );
}

/**
 * react-leaflet's `MapContainer`, started later and in a task of its own. Leaflet measures its container as it
 * starts, which makes the browser lay the page out there and then; `MapContainer` starts it as its element is
 * inserted, in the task that draws the page, and draws the map's layers in that same task too. Here the element is
 * drawn first, as the sea, and laid out with the page in the browser's next frame; Leaflet starts in the task after
 * it, finding the layout done, and the layers draw in a render of their own. The options are read once, as
 * `MapContainer` reads its own.
 */
function MapInTasks({ options, children }: { options: L.MapOptions; children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [initial] = useState(options);
  const [context, setContext] = useState<LeafletContextInterface | null>(null);
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let map: L.Map | null = null;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        map = L.map(node, initial);
        setContext(createLeafletContext(map));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      map?.remove();
    };
  }, [initial]);
  return (
    <div ref={container} className="caravan-map" data-testid={context ? undefined : "map-placing"}>
      {context && <LeafletContext value={context}>{children}</LeafletContext>}
    </div>
  );
}

/**
 * Its children, from the task after the one that mounted it: making the map (Leaflet measures its container as it
 * starts, so the browser lays the page out there and then) and adding its layers and markers are each a task of
 * their own, rather than one that holds a phone's main thread for both.
 */
function InTheNextTask({ children }: { children: ReactNode }) {
  const [now, setNow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setNow(true));
    return () => clearTimeout(timer);
  }, []);
  return now ? children : null;
}

function WorldLayer() {
  const map = useMap();
  const mode = useColorMode();
  const layerRef = useRef<L.GeoJSON | null>(null);

  useEffect(() => {
    for (const [name, z] of [
      [WORLD_PANE, WORLD_PANE_Z],
      [LABELS_PANE, LABELS_PANE_Z],
    ] as const) {
      const pane = map.getPane(name) ?? map.createPane(name);
      pane.style.zIndex = String(z);
    }
    // One canvas for every outline: far cheaper to pan than thousands of SVG paths. It reaches half a view beyond
    // each edge, so that a drag shows land, not sea, until the outlines are drawn again where it ends; but as the page
    // starts, sizing a canvas four times the view (at a phone's two pixels per point) and handing it to the screen
    // took longer than drawing the outlines: the first drawing is a tenth of a view wider, Leaflet's own margin.
    const renderer = L.canvas({ pane: WORLD_PANE, padding: WORLD_FIRST_PADDING });
    const options: L.GeoJSONOptions & L.PathOptions = {
      ...WORLD_STYLE,
      ...worldColours(map.getContainer()),
      interactive: false,
      pane: WORLD_PANE,
      renderer,
    };
    const layer = L.geoJSON(undefined, options).addTo(map);
    layerRef.current = layer;
    // Credited once for the layer: as an option, every outline added would redraw the attribution again.
    map.attributionControl?.addAttribution(WORLD_ATTRIBUTION);
    const world = openWorld();
    let live = true;
    // A few milliseconds' worth of outlines per task: the parts of a populous view, projected and clipped at once,
    // would hold the page for a long moment just as it starts.
    const addSome = (features: WorldFeature[], from: number) => {
      if (!live) return;
      const until = performance.now() + WORLD_SLICE_MS;
      let next = from;
      while (next < features.length && (next === from || performance.now() < until)) layer.addData(features[next++]!);
      if (next < features.length) {
        setTimeout(() => addSome(features, next));
        return;
      }
      map.getContainer().dataset.world = "ready";
      // From the next move on, the wider canvas (Leaflet reads the margin each time it sizes it).
      renderer.options.padding = WORLD_PAN_PADDING;
    };
    // Only the parts near the view become Leaflet layers, half a view's margin around it, as the map moves there.
    const drawNear = () => {
      world
        .partsNear(() => boxOfBounds(map.getBounds().pad(0.5)))
        .then(
          (features) => addSome(features, 0),
          () => undefined,
        );
    };
    // The canvas first, in a task of its own, then the outlines from the task after: sizing a canvas and handing it
    // to the screen is a long task's worth on a phone already, and it came with the first outline.
    let timer = window.setTimeout(() => {
      map.addLayer(renderer);
      timer = window.setTimeout(drawNear);
    });
    map.on("moveend", drawNear);
    const removeLabels = showCountryLabels(map, world, LABELS_PANE);
    return () => {
      live = false;
      clearTimeout(timer);
      map.off("moveend", drawNear);
      removeLabels();
      world.close();
      layer.remove();
      layerRef.current = null;
      renderer.remove();
      map.attributionControl?.removeAttribution(WORLD_ATTRIBUTION);
    };
  }, [map]);
  // The mode changed: the outlines drawn again in its colours (what is added later takes them from the options).
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    const colours = worldColours(map.getContainer());
    Object.assign(layer.options, colours);
    layer.setStyle(colours);
  }, [map, mode]);
  return null;
}

/**
 * The server's own vector extract (vector-basemap.ts, loaded on first use). It names towns, roads and water itself,
 * so the gazetteer's labels are not drawn over it: two sets of names would collide. Should the extract fail to
 * load, the map falls back to the next choice rather than showing nothing.
 */
function VectorBasemapLayer({ url, onError }: { url: string; onError: () => void }) {
  const map = useMap();
  const mode = useColorMode();
  useEffect(() => {
    let layer: L.Layer | null = null;
    let live = true;
    import("./vector-basemap")
      .then(({ vectorBasemap }) => vectorBasemap(url, document.documentElement.lang || "en", mode))
      .then(
        (loaded) => {
          if (!live) return;
          layer = loaded.addTo(map);
          map.getContainer().dataset.basemap = "vector";
        },
        () => {
          if (live) onError();
        },
      );
    return () => {
      live = false;
      layer?.remove();
      delete map.getContainer().dataset.basemap;
    };
  }, [map, url, onError, mode]);
  return null;
}

/** The towns and cities, named from Caravan's own gazetteer: the map needs no third party to say where people are. */
function PlacesLayer() {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane(PLACES_PANE) ?? map.createPane(PLACES_PANE);
    pane.style.zIndex = String(PLACES_PANE_Z);
    map.attributionControl?.addAttribution(PLACES_ATTRIBUTION);
    const remove = showPlaceLabels(map, PLACES_PANE);
    return () => {
      remove();
      map.attributionControl?.removeAttribution(PLACES_ATTRIBUTION);
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
