import { Button, chakra, createIcon, type ButtonProps } from "@chakra-ui/react";
import { useRef } from "react";
import { COVER_IMAGE_TYPES, UPLOAD_TEXTS, type Group } from "@caravan/common";
import { useCoverUpload } from "./use-cover-upload";

const CameraIcon = createIcon({
  displayName: "CameraIcon",
  viewBox: "0 0 24 24",
  defaultProps: {
    fill: "none",
    stroke: "currentColor",
    strokeWidth: "2",
    strokeLinecap: "round",
    strokeLinejoin: "round",
  },
  path: [
    <path key="a" d="M14.5 4h-5L7.5 6.5H4a2 2 0 0 0-2 2V18a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8.5a2 2 0 0 0-2-2h-3.5z" />,
    <circle key="b" cx="12" cy="13" r="3.5" />,
  ],
});

export interface CoverImageUploadProps extends Omit<ButtonProps, "onClick" | "children"> {
  groupId: number;
  coverImageUrl: string | null;
  onUploaded(group: Group): void;
}

/**
 * The group header's cover control: 'Add Photo' or 'Change Photo' opens the file picker (one image, checked for
 * 5 MB before anything is sent), then uploads it and makes it the group's cover.
 */
export function CoverImageUpload({ groupId, coverImageUrl, onUploaded, ...buttonProps }: CoverImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploading } = useCoverUpload(groupId, onUploaded);
  return (
    <>
      <chakra.input
        ref={input}
        type="file"
        accept={COVER_IMAGE_TYPES.join(",")}
        display="none"
        data-testid="cover-file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          // Cleared at once, so picking the same file again still counts as a change.
          e.currentTarget.value = "";
          if (file) void upload(file);
        }}
      />
      <Button
        size="sm"
        variant="surface"
        bg="surface.raised/90"
        backdropFilter="blur(4px)"
        loading={uploading}
        loadingText={UPLOAD_TEXTS.uploading}
        onClick={() => input.current?.click()}
        {...buttonProps}
      >
        <CameraIcon />
        {coverImageUrl ? UPLOAD_TEXTS.changePhoto : UPLOAD_TEXTS.addPhoto}
      </Button>
    </>
  );
}
