/**
 * The offline world layer: country outlines from Natural Earth (via world-atlas), bundled with the app so the map
 * still shows where people are when no tile server answers. The outline is decoded and kept by a worker
 * (world.worker.ts), started with the first map of the page and shared by every map after it: a phone's main thread
 * would otherwise spend a few hundred milliseconds of the group page's load parsing it. Each map asks the worker for
 * the outlines near its view and for where to name the countries there.
 */
import type { Feature, FeatureCollection, Geometry, Polygon } from "geojson";
import type { LatLngBounds } from "leaflet";
import type { LabelCandidates } from "./world-countries";
import type { Box } from "./world-parts";

export type WorldGeometry = FeatureCollection<Geometry, { name?: string }>;

export type WorldFeature = Feature<Polygon, { name?: string }>;

type Question =
  { type: "parts"; map: number; view: Box } | { type: "labels"; view: Box } | { type: "forget"; map: number };

export type WorldRequest = Question & { id: number };

export type WorldReply =
  | { id: number; type: "parts"; features: WorldFeature[] }
  | { id: number; type: "labels"; labels: LabelCandidates[] }
  /** Sent once, when the outline is decoded. */
  | { id: 0; type: "ready" };

/** Leaflet's bounds as the worker takes them: west, south, east, north. */
export const boxOfBounds = (b: LatLngBounds): Box => [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];

/** One map's view of the world layer. */
export interface World {
  /**
   * The outlines that meet the view and were not given to this map before. `view` is read when the worker is ready
   * to answer: a map that moved while the outline was being decoded asks for where it is now, not where it was.
   */
  partsNear(view: () => Box): Promise<WorldFeature[]>;
  /** The countries that show in the view, the biggest first, with where each may be named. */
  labels(view: () => Box): Promise<LabelCandidates[]>;
  /** This map is gone: the worker forgets what it was given. */
  close(): void;
}

interface Waiting {
  resolve: (reply: WorldReply) => void;
  reject: (err: Error) => void;
}

interface Connection {
  worker: Worker;
  /** Settles when the outline is decoded, or the worker failed. */
  ready: Promise<void>;
}

let connection: Connection | null = null;
const waiting = new Map<number, Waiting>();
let lastId = 0;
let lastMap = 0;

function connect(): Connection {
  if (connection) return connection;
  const worker = new Worker(new URL("./world.worker.ts", import.meta.url), { type: "module", name: "world" });
  let decoded!: () => void;
  let failed!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    decoded = resolve;
    failed = reject;
  });
  ready.catch(() => undefined);
  worker.addEventListener("message", (event: MessageEvent<WorldReply>) => {
    const reply = event.data;
    if (reply.type === "ready") return decoded();
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
  });
  worker.addEventListener("error", (event) => {
    // The worker's code failed to load (a deploy replaced it, or the network is gone): the next map tries again.
    event.preventDefault();
    worker.terminate();
    if (connection?.worker === worker) connection = null;
    const err = new Error("The world outlines could not be loaded");
    failed(err);
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  });
  connection = { worker, ready };
  return connection;
}

/** Asks once the worker is ready, with the question as it stands then. */
async function ask(question: () => Question): Promise<WorldReply> {
  const { worker, ready } = connect();
  await ready;
  const id = ++lastId;
  return new Promise<WorldReply>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ ...question(), id } satisfies WorldRequest);
  });
}

export function openWorld(): World {
  const map = ++lastMap;
  return {
    partsNear: (view) =>
      ask(() => ({ type: "parts", map, view: view() })).then((reply) => (reply.type === "parts" ? reply.features : [])),
    labels: (view) =>
      ask(() => ({ type: "labels", view: view() })).then((reply) => (reply.type === "labels" ? reply.labels : [])),
    close: () => connection?.worker.postMessage({ id: ++lastId, type: "forget", map } satisfies WorldRequest),
  };
}
