import fs from "node:fs";

/** The basemap file's details when it exists and is a regular file; null otherwise (the maps then do without). */
export async function findBasemap(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}
