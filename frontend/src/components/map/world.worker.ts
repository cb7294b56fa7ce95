/**
 * The offline world layer's data, decoded and kept off the page's main thread: the outline (about 760 kB of
 * TopoJSON) is parsed and turned into polygons here, and the page asks only for what it shows (world.ts).
 */
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import atlas from "world-atlas/countries-50m.json";
import type { WorldGeometry, WorldReply, WorldRequest } from "./world";
import { labelCandidates, prepareCountries } from "./world-countries";
import { partsToDraw, worldParts } from "./world-parts";

const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name?: string }> }>;
const geometry = feature(topology, topology.objects.countries) as WorldGeometry;
const parts = worldParts(geometry);
const countries = prepareCountries(geometry);

/** The parts each map on the page has been sent, by the map's number: none is sent to the same map twice. */
const sent = new Map<number, Set<number>>();

function answer(request: WorldRequest): WorldReply | null {
  switch (request.type) {
    case "parts": {
      let drawn = sent.get(request.map);
      if (!drawn) sent.set(request.map, (drawn = new Set()));
      const features = partsToDraw(parts, request.view, drawn).map((part) => part.feature);
      return { id: request.id, type: "parts", features };
    }
    case "labels":
      return { id: request.id, type: "labels", labels: labelCandidates(countries, request.view) };
    case "forget":
      sent.delete(request.map);
      return null;
  }
}

self.addEventListener("message", (event: MessageEvent<WorldRequest>) => {
  const reply = answer(event.data);
  if (reply) self.postMessage(reply);
});

self.postMessage({ id: 0, type: "ready" } satisfies WorldReply);
