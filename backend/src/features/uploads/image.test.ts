import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ERRORS } from "@caravan/common";
import { reencodeImage, sniffImageFormat } from "./image.js";

const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#3a7" } });

describe("sniffImageFormat", () => {
  it("knows the four formats by their first bytes", async () => {
    expect(sniffImageFormat(await blank(4, 4).png().toBuffer())).toBe("png");
    expect(sniffImageFormat(await blank(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageFormat(await blank(4, 4).webp().toBuffer())).toBe("webp");
    expect(sniffImageFormat(await blank(4, 4).gif().toBuffer())).toBe("gif");
  });

  it("knows nothing else, whatever the name or header would have said", () => {
    expect(sniffImageFormat(Buffer.from("just some text, saved as photo.png"))).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe("reencodeImage", () => {
  it("keeps the format and scales a huge picture down to the cover size", async () => {
    const out = await reencodeImage(await blank(4000, 1000).png().toBuffer());
    expect(out).toMatchObject({ format: "png", contentType: "image/png", extension: "png", width: 2560, height: 640 });
    expect((await sharp(out.data).metadata()).width).toBe(2560);
  });

  it("keeps every frame of an animated GIF", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 8, height: 24, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const frames = await Promise.all(["#00f", "#f00", "#0f0"].map(frame));
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const out = await reencodeImage(animated);
    expect(out).toMatchObject({ format: "gif", width: 8, height: 24 });
    expect((await sharp(out.data).metadata()).pages).toBe(3);
  });

  it("refuses a damaged image with 422 and a non-image with 415", async () => {
    const noise = Buffer.from(Array.from({ length: 256 * 256 * 3 }, (_, i) => (i * 7919) % 251));
    const jpeg = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
      .jpeg()
      .toBuffer();
    await expect(reencodeImage(jpeg.subarray(0, jpeg.length >> 1))).rejects.toMatchObject({
      status: 422,
      message: ERRORS.imageUnreadable,
    });
    await expect(reencodeImage(Buffer.from("not an image"))).rejects.toMatchObject({
      status: 415,
      message: ERRORS.imageUnsupported,
    });
  });
});
