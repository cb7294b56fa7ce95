import { Box, Stack, Text } from "@chakra-ui/react";
import L from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { Circle, Marker, Popup, Tooltip, useMap } from "react-leaflet";
import { LOCATION_TEXTS, MAP } from "@caravan/common";
import { BaseMap } from "./BaseMap";
import { MARKERS_DRAWN_EVENT, placeDestinationLabel, type LabelPlace } from "./label-placement";
import { DESTINATION_LABEL, destinationIcon, destinationLabelWidth, MARKER_BOX, memberIcon } from "./markers";
import { spreadOverlapping, type Shift } from "./spread";
import type { MapDestination, MapPerson, MapViewProps } from "./types";

/**
 * Fit padding: room for the avatar markers (44 px wide, standing 50 px above their point), and on the left for the
 * zoom buttons too (10 px in, 48 px wide: touch-sized), which would otherwise cover a marker near the map's top-left
 * corner on a phone.
 */
const FIT_PADDING_TOP_LEFT: [number, number] = [84, 56];
const FIT_PADDING_BOTTOM_RIGHT: [number, number] = [48, 56];

/**
 * The map of docs/product.md §2: people as avatar markers, the destination as a pin, and the empty-state overlay when there
 * is neither. Used by the group page and the shared-trip page.
 */
export default function MapView({
  people,
  destination = null,
  zoom = MAP.defaultZoom,
  height = "24rem",
  tileUrl,
  label,
  showEmptyOverlay = true,
}: MapViewProps) {
  const empty = people.length === 0 && !destination;
  return (
    <Box
      position="relative"
      height={height}
      width="100%"
      borderRadius="xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="border.muted"
      data-testid="map"
      data-markers={people.length + (destination ? 1 : 0)}
      // Leaflet's panes stack up to z-index 1000; keep them inside the map rather than above page chrome.
      isolation="isolate"
      // Its size is its own (every map is given a height): the browser lays out what changes inside it, such as
      // Leaflet's measuring of its container as it starts, without laying out the rest of the page again.
      contain="strict"
    >
      <BaseMap center={[...MAP.worldCenter]} zoom={MAP.minZoom} tileUrl={tileUrl} label={label}>
        {people.map((p) =>
          p.accuracy ? (
            <Circle
              key={`${p.id}-accuracy`}
              center={[p.latitude, p.longitude]}
              radius={p.accuracy}
              className="accuracy-circle"
              pathOptions={{ weight: 1, fillOpacity: 0.12 }}
            />
          ) : null,
        )}
        <Markers people={people} destination={destination} />
        <FitView people={people} destination={destination} zoom={zoom} />
      </BaseMap>
      {empty && showEmptyOverlay ? <EmptyOverlay /> : null}
    </Box>
  );
}

const DESTINATION_ID = "\u0000destination";

const NO_SHIFT: Shift = { x: 0, y: 0 };

/** The markers, with those that would overlap at this zoom laid side by side, or in rows (spread.ts). */
function Markers({ people, destination }: { people: MapPerson[]; destination: MapDestination | null }) {
  const map = useMap();
  const [shifts, setShifts] = useState<Map<string, Shift>>(new Map());
  const [labelPlace, setLabelPlace] = useState<LabelPlace>({ side: "right", offset: [0, 0] });
  useEffect(() => {
    const measure = () => {
      const points = people.map((p) => ({ id: p.id, ...map.latLngToLayerPoint([p.latitude, p.longitude]) }));
      if (destination) {
        points.push({ id: DESTINATION_ID, ...map.latLngToLayerPoint([destination.latitude, destination.longitude]) });
      }
      // Markers laid side by side stay on the map and clear of its controls, as the fit padding keeps points.
      const origin = map.containerPointToLayerPoint([0, 0]);
      const room = {
        minX: origin.x + FIT_PADDING_TOP_LEFT[0],
        maxX: origin.x + map.getSize().x - FIT_PADDING_BOTTOM_RIGHT[0],
        minY: origin.y + FIT_PADDING_TOP_LEFT[1],
        maxY: origin.y + map.getSize().y - FIT_PADDING_BOTTOM_RIGHT[1],
      };
      const next = spreadOverlapping(points, MARKER_BOX, room);
      setShifts((current) => (sameShifts(current, next) ? current : next));
      if (destination) {
        const at = points.find((p) => p.id === DESTINATION_ID)!;
        const people = points
          .filter((p) => p.id !== DESTINATION_ID)
          .map((p) => ({ x: p.x + (next.get(p.id)?.x ?? 0), y: p.y + (next.get(p.id)?.y ?? 0) }));
        const size = map.getSize();
        const view = { left: origin.x, top: origin.y, right: origin.x + size.x, bottom: origin.y + size.y };
        const pinShift = next.get(DESTINATION_ID) ?? NO_SHIFT;
        const pin = { x: at.x + pinShift.x, y: at.y + pinShift.y };
        // Each member's marker stands over its point, as wide as its tap box.
        const markers = people.map((p) => ({
          left: p.x - MARKER_BOX.width / 2,
          right: p.x + MARKER_BOX.width / 2,
          top: p.y - MARKER_BOX.height,
          bottom: p.y,
        }));
        const label = {
          width: destinationLabelWidth(destination.name),
          height: DESTINATION_LABEL.heightPx,
          reachPx: DESTINATION_LABEL.reachPx,
          risePx: DESTINATION_LABEL.risePx,
        };
        const place = placeDestinationLabel(label, pin, markers, view);
        setLabelPlace((current) => (sameLabelPlace(current, place) ? current : place));
      }
    };
    measure();
    // A pan changes which side has room at the map's edge; a zoom, which markers are in the way.
    map.on("zoomend viewreset moveend", measure);
    return () => {
      map.off("zoomend viewreset moveend", measure);
    };
  }, [map, people, destination]);
  return (
    <>
      {people.map((p) => (
        <PersonMarker key={p.id} person={p} shift={shifts.get(p.id) ?? NO_SHIFT} />
      ))}
      {destination ? (
        <DestinationMarker
          destination={destination}
          shift={shifts.get(DESTINATION_ID) ?? NO_SHIFT}
          label={labelPlace}
        />
      ) : null}
    </>
  );
}

const sameLabelPlace = (a: LabelPlace, b: LabelPlace) =>
  a.side === b.side && a.offset[0] === b.offset[0] && a.offset[1] === b.offset[1];

const sameShifts = (a: Map<string, Shift>, b: Map<string, Shift>) =>
  a.size === b.size && [...a].every(([id, shift]) => b.get(id)?.x === shift.x && b.get(id)?.y === shift.y);

function PersonMarker({ person, shift }: { person: MapPerson; shift: Shift }) {
  const { x: shiftX, y: shiftY } = shift;
  const marker = useRef<L.Marker>(null);
  // Where the marker stands, on its element: what a reader of the page (and a test) can compare with a position.
  useEffect(() => {
    const element = marker.current?.getElement();
    if (element) element.dataset.position = `${person.latitude.toFixed(5)},${person.longitude.toFixed(5)}`;
  });
  const icon = useMemo(
    () =>
      memberIcon({
        initials: person.initials,
        imageUrl: person.imageUrl ?? null,
        self: !!person.self,
        label: person.name,
        shift: { x: shiftX, y: shiftY },
      }),
    [person.initials, person.imageUrl, person.self, person.name, shiftX, shiftY],
  );
  // A new icon (laid sideways or in rows, or back) moves the marker on screen without a word from Leaflet: the names around
  // are placed again. react-leaflet has set it on the marker by now (a child's effects run first).
  const map = useMap();
  useEffect(() => {
    map.fire(MARKERS_DRAWN_EVENT);
  }, [map, icon]);
  return (
    <Marker
      ref={marker}
      position={[person.latitude, person.longitude]}
      icon={icon}
      title={person.name}
      zIndexOffset={person.self ? 500 : 0}
      riseOnHover
    >
      <Tooltip direction="top" offset={[0, -4]}>
        {person.name}
      </Tooltip>
      <Popup>
        <Stack gap="0.5" minW="10rem">
          <Text fontWeight="700" color="ink">
            {person.name}
          </Text>
          {person.details}
        </Stack>
      </Popup>
    </Marker>
  );
}

function DestinationMarker({
  destination,
  shift,
  label,
}: {
  destination: MapDestination;
  shift: Shift;
  label: LabelPlace;
}) {
  const { x: shiftX, y: shiftY } = shift;
  const icon = useMemo(
    () => destinationIcon(destination.name, { x: shiftX, y: shiftY }),
    [destination.name, shiftX, shiftY],
  );
  // react-leaflet gives a tooltip its side and offset only as it is made: a new place is set on it and drawn again.
  const tooltip = useRef<L.Tooltip>(null);
  const map = useMap();
  useEffect(() => {
    const t = tooltip.current;
    if (t) {
      t.options.direction = label.side;
      t.options.offset = L.point(label.offset);
      if (t.isOpen()) t.update();
    }
    // The towns' names make way for the destination's where it now stands, and for its pin.
    map.fire(MARKERS_DRAWN_EVENT);
  }, [map, label, icon]);
  return (
    <Marker
      position={[destination.latitude, destination.longitude]}
      icon={icon}
      title={destination.name}
      zIndexOffset={-100}
    >
      {/* Named on the map itself, not only in its popup: the town the group is heading for. */}
      <Tooltip
        ref={tooltip}
        permanent
        direction={label.side}
        offset={label.offset}
        className="caravan-destination-label"
        interactive={false}
      >
        <span className="caravan-destination-label__name">{destination.name}</span>
      </Tooltip>
      <Popup>
        <Stack gap="0.5" minW="10rem">
          <Text fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="wider" color="sunset.fg">
            Destination
          </Text>
          <Text fontWeight="700" color="ink">
            {destination.name}
          </Text>
          {destination.address ? (
            <Text fontSize="sm" color="ink.muted">
              {destination.address}
            </Text>
          ) : null}
        </Stack>
      </Popup>
    </Marker>
  );
}

/**
 * Frames the points when the set of people (or the destination) changes. As people move, the view follows only when
 * someone's marker would leave it, and only until the viewer moves or zooms the map by hand: a viewer who panned to
 * look at something is not yanked back with every update, and otherwise nobody walks off the edge of the map.
 */
function FitView({
  people,
  destination,
  zoom,
}: {
  people: MapPerson[];
  destination: MapDestination | null;
  zoom: number;
}) {
  const map = useMap();
  const points = useMemo(() => {
    const all: L.LatLngTuple[] = people.map((p) => [p.latitude, p.longitude]);
    if (destination) all.push([destination.latitude, destination.longitude]);
    return all;
  }, [people, destination]);
  const frameKey =
    [...people.map((p) => p.id)].sort().join(",") +
    (destination ? `|${destination.latitude},${destination.longitude}` : "");
  /** The map moves by the viewer's hand, as far as this knows: every move but its own framing. */
  const framing = useRef(false);
  const movedByHand = useRef(false);

  useEffect(() => {
    const byHand = () => {
      if (!framing.current) movedByHand.current = true;
    };
    map.on("movestart zoomstart", byHand);
    return () => {
      map.off("movestart zoomstart", byHand);
    };
  }, [map]);

  // Without animation, Leaflet moves the map and fires its events before the call returns, so `framing` covers them.
  const frame = (all: L.LatLngTuple[]) => {
    framing.current = true;
    try {
      if (all.length === 0) {
        // Nothing to show: the world, never a made-up place that someone could take for where the group is.
        map.setView([...MAP.worldCenter], MAP.minZoom, { animate: false });
      } else if (all.length === 1) {
        map.setView(all[0]!, MAP.singlePointZoom, { animate: false });
      } else {
        map.fitBounds(L.latLngBounds(all), {
          paddingTopLeft: FIT_PADDING_TOP_LEFT,
          paddingBottomRight: FIT_PADDING_BOTTOM_RIGHT,
          maxZoom: zoom,
          animate: false,
        });
      }
    } finally {
      framing.current = false;
    }
  };

  useEffect(() => {
    movedByHand.current = false;
    frame(points);
    // Re-frame when who is on the map changes; moves are followed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, frameKey, zoom]);

  useEffect(() => {
    if (movedByHand.current || points.length === 0) return;
    const size = map.getSize();
    const outOfView = points.some((p) => {
      const at = map.latLngToContainerPoint(p);
      // The whole marker: half its width either side of its point, its height above it.
      return (
        at.x < MARKER_BOX.width / 2 || at.x > size.x - MARKER_BOX.width / 2 || at.y < MARKER_BOX.height || at.y > size.y
      );
    });
    if (outOfView) frame(points);
    // `frame` reads only refs and the map; `zoom` re-frames above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, points]);
  return null;
}

function EmptyOverlay() {
  return (
    <Box
      position="absolute"
      inset="0"
      display="flex"
      alignItems="center"
      justifyContent="center"
      pointerEvents="none"
      zIndex="450"
      p="4"
    >
      <Stack
        gap="1"
        textAlign="center"
        bg="surface.raised/90"
        backdropFilter="blur(4px)"
        px="5"
        py="4"
        borderRadius="lg"
        boxShadow="card"
        maxW="20rem"
        data-testid="map-empty"
      >
        <Text fontWeight="700" color="ink">
          {LOCATION_TEXTS.mapEmptyTitle}
        </Text>
        <Text fontSize="sm" color="ink.muted">
          {LOCATION_TEXTS.mapEmptyText}
        </Text>
      </Stack>
    </Box>
  );
}
