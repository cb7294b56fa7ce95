/**
 * The offline world layer: country outlines from Natural Earth (via world-atlas), bundled with the app so the map
 * still shows where people are when no tile server answers. The outline is decoded and kept by a worker
 * (world.worker.ts), started with the first map of the page and shared by every map after it: a phone's main thread
 * would otherwise spend a few hundred milliseconds of the group page's load parsing it. Each map asks the worker for
 * the outlines near its view and for where to name the countries there.
 */
import type { Feature, FeatureCollection, Geometry, Polygon } from "geojson";
import type { LabelCandidates } from "./world-countries";
import type { Box } from "./world-parts";

export type WorldGeometry = FeatureCollection<Geometry, { name?: string }>;

export type WorldFeature = Feature<Polygon, { name?: string }>;

type Question =
  { type: "parts"; map: number; view: Box } | { type: "labels"; view: Box } | { type: "forget"; map: number };

export type WorldRequest = Question & { id: number };

export type WorldReply =
  { id: number; type: "parts"; features: WorldFeature[] } | { id: number; type: "labels"; labels: LabelCandidates[] };

/** One map's view of the world layer. */
export interface World {
  /** The outlines that meet `view` and were not given to this map before. */
  partsNear(view: Box): Promise<WorldFeature[]>;
  /** The countries that show in `view`, the biggest first, with where each may be named. */
  labels(view: Box): Promise<LabelCandidates[]>;
  /** This map is gone: the worker forgets what it was given. */
  close(): void;
}

interface Waiting {
  resolve: (reply: WorldReply) => void;
  reject: (err: Error) => void;
}

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let lastId = 0;
let lastMap = 0;

function connect(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./world.worker.ts", import.meta.url), { type: "module", name: "world" });
  started.addEventListener("message", (event: MessageEvent<WorldReply>) => {
    const reply = event.data;
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
  });
  started.addEventListener("error", (event) => {
    // The worker's code failed to load (a deploy replaced it, or the network is gone): the next map tries again.
    event.preventDefault();
    started.terminate();
    if (worker === started) worker = null;
    for (const w of waiting.values()) w.reject(new Error("The world outlines could not be loaded"));
    waiting.clear();
  });
  worker = started;
  return started;
}

function ask(question: Question): Promise<WorldReply> {
  const to = connect();
  const id = ++lastId;
  return new Promise<WorldReply>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    to.postMessage({ ...question, id } satisfies WorldRequest);
  });
}

export function openWorld(): World {
  const map = ++lastMap;
  return {
    partsNear: (view) =>
      ask({ type: "parts", map, view }).then((reply) => (reply.type === "parts" ? reply.features : [])),
    labels: (view) => ask({ type: "labels", view }).then((reply) => (reply.type === "labels" ? reply.labels : [])),
    close: () => worker?.postMessage({ id: ++lastId, type: "forget", map } satisfies WorldRequest),
  };
}
