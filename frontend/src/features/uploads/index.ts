export { CoverImageUpload, type CoverImageUploadProps } from "./CoverImageUpload";
