import type { ReactNode } from "react";

/** A person on the map: a member's current location, or a shared trip's sharer. */
export interface MapPerson {
  /** Stable across updates (the user id), so a moving marker stays the same marker. */
  id: string;
  latitude: number;
  longitude: number;
  name: string;
  initials: string;
  imageUrl?: string | null;
  /** The viewer's own marker, drawn in the accent colour. */
  self?: boolean;
  /** Radius in metres of the position's accuracy, drawn as a circle around the marker when known. */
  accuracy?: number | null;
  /** What the marker's popup shows under the name. */
  details?: ReactNode;
}

export interface MapDestination {
  latitude: number;
  longitude: number;
  name: string;
  address?: string | null;
}

export interface MapViewProps {
  people: MapPerson[];
  destination?: MapDestination | null;
  /**
   * The closest the view zooms in when it fits several points (the group page uses MAP.groupZoom). A lone point is
   * shown at MAP.singlePointZoom, an empty map at the product's default centre and zoom.
   */
  zoom?: number;
  /** CSS height of the map, e.g. "300px" or a responsive object. */
  height?: string | number | Record<string, string | number>;
  /**
   * Raster tiles to draw over the offline world layer instead of the server's choice (its PMTiles basemap, else its
   * TILE_URL, from /api/config); null draws the offline layer alone.
   */
  tileUrl?: string | null;
  /** Accessible name of the map region. */
  label: string;
  /** Show the empty-state overlay when there is nothing to show (on by default). */
  showEmptyOverlay?: boolean;
}
