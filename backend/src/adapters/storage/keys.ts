/** Public path of stored objects: GET {UPLOADS_PATH}/{key}. */
export const UPLOADS_PATH = "/api/uploads";

/** Keys are `folder/name.ext` in lower-case letters, digits and dashes: nothing a path or URL could misread. */
export const OBJECT_KEY = /^[a-z0-9-]{1,64}\/[a-z0-9-]{1,128}\.[a-z0-9]{1,8}$/;

export function assertObjectKey(key: string): void {
  if (!OBJECT_KEY.test(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}

export function objectUrl(key: string): string {
  return `${UPLOADS_PATH}/${key}`;
}

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

/** The content type of a key, from its extension: keys are made by the app, with the extension of what it wrote. */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
