import { Image, type ImageProps } from "@chakra-ui/react";
import { useState } from "react";

export const DEFAULT_COVER = "/default-group-cover.svg";

/** The group's cover, or the app's own default when there is none or the address no longer serves an image. */
export function CoverImage({ src, ...rest }: { src: string | null } & Omit<ImageProps, "src">) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : DEFAULT_COVER;
  return (
    <Image
      src={usable}
      alt=""
      objectFit="cover"
      width="full"
      referrerPolicy="no-referrer"
      onError={() => src && setFailed(src)}
      {...rest}
    />
  );
}
