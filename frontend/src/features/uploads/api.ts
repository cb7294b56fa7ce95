import type { CoverImagePayload, Group, UploadedObject, UploadTicket } from "@caravan/common";
import { toApiError } from "../../api/client";

/**
 * The upload flow's calls. They bypass the api client's session-expiry hook on purpose: a 401 here shows docs/product.md §8's
 * 'Login Required' and goes to login after 1500 ms, not the general 'Unauthorized' after 500 ms.
 */
async function send<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, {
    credentials: "include",
    ...init,
    headers: { accept: "application/json", ...init.headers },
  });
  const text = await res.text();
  if (!res.ok) throw toApiError(res.status, res.statusText, text);
  return JSON.parse(text) as T;
}

/** POST /api/objects/upload: a single-use URL for one image, valid 15 minutes. */
export function requestUploadUrl(): Promise<UploadTicket> {
  return send<UploadTicket>("/api/objects/upload", { method: "POST" });
}

/** PUT of the file's bytes as they are; the server decides what they are. */
export function uploadImage(uploadURL: string, file: File): Promise<UploadedObject> {
  return send<UploadedObject>(uploadURL, {
    method: "PUT",
    body: file,
    headers: { "content-type": file.type || "application/octet-stream" },
  });
}

export function setCoverImage(groupId: number, coverImageURL: string): Promise<Group> {
  const payload: CoverImagePayload = { coverImageURL };
  return send<Group>(`/api/groups/${groupId}/cover-image`, {
    method: "PUT",
    body: JSON.stringify(payload),
    headers: { "content-type": "application/json" },
  });
}
