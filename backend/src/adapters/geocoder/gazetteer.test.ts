import { around } from "geokdbush";
import KDBush from "kdbush";
import { describe, expect, it } from "vitest";
import { countryName, Gazetteer, placeAddress, type Place } from "./gazetteer.js";
import { foldName } from "./fold.js";
import { GazetteerGeocoder } from "./geocoder.js";

let nextId = 1;
const place = (name: string, population: number, extra: Partial<Place> = {}): Place => ({
  id: nextId++,
  name,
  region: null,
  country: "France",
  population,
  latitude: 0,
  longitude: 0,
  ...extra,
});

describe("foldName", () => {
  it("drops case, accents and punctuation", () => {
    expect(foldName("Zürich")).toBe("zurich");
    expect(foldName("  Saint-Étienne ")).toBe("saint etienne");
    expect(foldName("Kraków")).toBe("krakow");
    expect(foldName("Łódź")).toBe("lodz");
    expect(foldName("Straße")).toBe("strasse");
    expect(foldName("Ærøskøbing")).toBe("aeroskobing");
    expect(foldName("Ra’s Bayrūt")).toBe("ra s bayrut");
  });
});

describe("Gazetteer.search", () => {
  it("keeps the most populous prefix matches and returns them sorted by name", () => {
    const g = new Gazetteer([
      place("Lyons", 2_000),
      place("Lyon", 500_000),
      place("Lyozna", 10_000),
      place("Lyndhurst", 20_000),
      place("Lys", 1_500),
      place("Lyss", 15_000),
      place("Lysekil", 7_000),
      place("Lykovrysi", 9_000),
      place("Paris", 2_000_000),
    ]);
    expect(g.search("ly", 5).map((p) => p.name)).toEqual(["Lykovrysi", "Lyndhurst", "Lyon", "Lyozna", "Lyss"]);
    expect(g.search("lyo", 5).map((p) => p.name)).toEqual(["Lyon", "Lyons", "Lyozna"]);
  });

  it("matches without accents, case or punctuation", () => {
    const g = new Gazetteer([place("Zürich", 400_000, { country: "Switzerland" }), place("Saint-Étienne", 170_000)]);
    expect(g.search("zur", 5).map((p) => p.name)).toEqual(["Zürich"]);
    expect(g.search("ZÜR", 5).map((p) => p.name)).toEqual(["Zürich"]);
    expect(g.search("saint etienne", 5).map((p) => p.name)).toEqual(["Saint-Étienne"]);
    expect(g.search("st", 5)).toEqual([]);
  });

  it("finds umlauts typed as ae, oe, ue, once each", () => {
    const g = new Gazetteer([place("Münster", 300_000, { country: "Germany" }), place("Muenchen", 5_000)]);
    expect(g.search("muen", 5).map((p) => p.name)).toEqual(["Muenchen", "Münster"]);
    expect(g.search("mun", 5).map((p) => p.name)).toEqual(["Münster"]);
  });

  it("narrows by region or country after a comma", () => {
    const g = new Gazetteer([
      place("Paris", 2_000_000, { region: "Île-de-France", country: "France" }),
      place("Paris", 25_000, { region: "Texas", country: "United States" }),
      place("Paris", 10_000, { region: "Ontario", country: "Canada" }),
    ]);
    expect(g.search("paris, tex", 5).map((p) => p.region)).toEqual(["Texas"]);
    expect(g.search("Paris, united st", 5).map((p) => p.region)).toEqual(["Texas"]);
    expect(g.search("paris, ile de", 5).map((p) => p.country)).toEqual(["France"]);
    expect(g.search("paris, nowhere", 5)).toEqual([]);
  });

  it("leaves out sections of a city while the city itself matches", () => {
    const g = new Gazetteer([
      place("Zürich", 400_000, { country: "Switzerland" }),
      place("Zürich (Kreis 3)", 46_000, { country: "Switzerland", section: true }),
      place("Zürich (Kreis 11)", 54_000, { country: "Switzerland", section: true }),
      place("Navi Mumbai", 2_600_000, { country: "India", section: true }),
      place("Zug", 30_000, { country: "Switzerland" }),
    ]);
    expect(g.search("zu", 5).map((p) => p.name)).toEqual(["Zug", "Zürich"]);
    expect(g.search("zurich k", 5).map((p) => p.name)).toEqual(["Zürich (Kreis 11)", "Zürich (Kreis 3)"]);
    expect(g.search("navi", 5).map((p) => p.name)).toEqual(["Navi Mumbai"]);
  });

  it("answers nothing for empty text or an empty gazetteer", () => {
    expect(new Gazetteer([place("Lyon", 1)]).search(" ,", 5)).toEqual([]);
    expect(new Gazetteer([]).search("lyon", 5)).toEqual([]);
    expect(new Gazetteer([]).nearest(0, 0, 10)).toBeNull();
  });
});

describe("Gazetteer.nearest", () => {
  const g = new Gazetteer([
    place("Lyon", 500_000, { latitude: 45.74846, longitude: 4.84671 }),
    place("Villeurbanne", 150_000, { latitude: 45.76601, longitude: 4.8795 }),
    place("Grenoble", 160_000, { latitude: 45.16667, longitude: 5.71667 }),
  ]);

  it("names the closest place within the radius, with its great-circle distance", () => {
    const hit = g.nearest(45.7578, 4.832, 25);
    expect(hit?.place.name).toBe("Lyon");
    expect(hit!.distanceKm).toBeGreaterThan(1.1);
    expect(hit!.distanceKm).toBeLessThan(1.8);
    expect(g.nearest(45.767, 4.88, 25)?.place.name).toBe("Villeurbanne");
  });

  it("answers null beyond the radius", () => {
    expect(g.nearest(45.46, 5.3, 20)).toBeNull();
    expect(g.nearest(0, -30, 500)).toBeNull();
  });
});

describe("Gazetteer.nearest over kept cells", () => {
  /** A small deterministic generator, so a failure can be replayed. */
  const random = (() => {
    let seed = 0x2f6b_1d37;
    return () => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
  })();
  // Towns scattered over Europe and the seas around it, some of them pairs on the very same spot (equally near).
  const places: Place[] = [];
  for (let i = 0; i < 4_000; i++) {
    const at = { latitude: 35 + random() * 30, longitude: -12 + random() * 45 };
    places.push(place(`Town ${i}`, 1_000 + i, at));
    if (i % 50 === 0) places.push(place(`Twin ${i}`, 500 + i, at));
  }
  const gazetteer = new Gazetteer(places);
  const index = new KDBush(places.length);
  for (const p of places) index.add(p.longitude, p.latitude);
  index.finish();
  /** The k-d tree's search alone, on an index built the same way: what nearest answered before cells were kept. */
  const searched = (latitude: number, longitude: number, maxKm: number) => {
    const [id] = around(index, longitude, latitude, 1, maxKm);
    return id === undefined ? null : places[id]!.name;
  };

  it("gives the search's answer for every point, near towns, between them, out at sea, on shared spots", () => {
    const points: Array<[number, number]> = [];
    for (let i = 0; i < 3_000; i++) {
      // Travellers near a town, posting again and again from the same few kilometres.
      const town = places[Math.floor(random() * places.length)]!;
      for (let k = 0; k < 4; k++)
        points.push([town.latitude + (random() - 0.5) * 0.05, town.longitude + (random() - 0.5) * 0.05]);
      // Anywhere, the Atlantic included; and exactly on a town.
      points.push([20 + random() * 60, -40 + random() * 80], [town.latitude, town.longitude]);
    }
    for (const [latitude, longitude] of points) {
      for (const maxKm of [2, 25]) {
        expect(gazetteer.nearest(latitude, longitude, maxKm)?.place.name ?? null).toBe(
          searched(latitude, longitude, maxKm),
        );
      }
    }
    expect(gazetteer.cellsKept).toBeGreaterThan(1_000);
  });

  it("still searches near the poles", () => {
    const polar = new Gazetteer([place("Longyearbyen", 2_000, { latitude: 78.22, longitude: 15.65 })]);
    expect(polar.nearest(89.9, 0, 2_000)?.place.name).toBe("Longyearbyen");
    expect(polar.cellsKept).toBe(0);
  });
});

describe("addresses", () => {
  it("reads name, region, country, leaving out what is unknown or repeated", () => {
    expect(placeAddress({ name: "Lyon", region: "Auvergne-Rhône-Alpes", country: "France" })).toBe(
      "Lyon, Auvergne-Rhône-Alpes, France",
    );
    expect(placeAddress({ name: "Zürich", region: "Zurich", country: "Switzerland" })).toBe("Zürich, Switzerland");
    expect(placeAddress({ name: "Hanoi", region: null, country: "Vietnam" })).toBe("Hanoi, Vietnam");
  });

  it("spells countries out from ISO codes", () => {
    expect(countryName("FR")).toBe("France");
    expect(countryName("CH")).toBe("Switzerland");
    expect(countryName("AA")).toBeNull();
    expect(countryName("fr1")).toBeNull();
  });
});

describe("GazetteerGeocoder", () => {
  it("builds its index once, on first use, and answers the wire shape", async () => {
    let builds = 0;
    const geocoder = new GazetteerGeocoder(() => {
      builds += 1;
      return new Gazetteer([
        {
          id: 2996944,
          name: "Lyon",
          region: "Auvergne-Rhône-Alpes",
          country: "France",
          population: 500_000,
          latitude: 45.74846,
          longitude: 4.84671,
        },
      ]);
    });
    expect(builds).toBe(0);
    expect(await geocoder.search("lyo")).toEqual([
      {
        placeId: "geonames:2996944",
        name: "Lyon",
        address: "Lyon, Auvergne-Rhône-Alpes, France",
        latitude: 45.74846,
        longitude: 4.84671,
      },
    ]);
    expect(await geocoder.nearest(45.75, 4.85, 10)).toMatchObject({
      name: "Lyon",
      region: "Auvergne-Rhône-Alpes",
      country: "France",
    });
    expect(builds).toBe(1);
  });
});
