import { Transform } from "class-transformer";
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from "class-validator";
import {
  ARRIVAL_RADIUS_MAX_METERS,
  ARRIVAL_RADIUS_MIN_METERS,
  DESTINATION_ADDRESS_MAX,
  DESTINATION_NAME_MAX,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  GROUP_STATUSES,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  PLACE_ID_MAX,
  URL_MAX,
  VALIDATION as V,
  endsBeforeStart,
  type GroupStatus,
} from "@caravan/common";
import { Coordinate, IsHttpsUrl, IsIsoTimestamp, Trim } from "../../http/validate.js";

/** Trimmed text where an empty string means "none", as the forms send it. */
const OptionalText = () =>
  Transform(({ value }) => {
    if (typeof value !== "string") return value;
    const trimmed = value.trim();
    return trimmed === "" ? null : trimmed;
  });

const NotBeforeStart = (message: string) =>
  ValidateBy(
    {
      name: "notBeforeStart",
      validator: {
        validate: (end, args) => !endsBeforeStart((args?.object as { startDate?: unknown }).startDate, end),
      },
    },
    { message },
  );

/** Where a place is, as the destination search returns it; null clears a field. Shared by destinations and proposals. */
export class PlaceFieldsDto {
  @OptionalText()
  @IsOptional()
  @IsString({ message: V.addressTooLong })
  @MaxLength(DESTINATION_ADDRESS_MAX, { message: V.addressTooLong })
  destinationAddress?: string | null = undefined;

  @Coordinate()
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: V.latitudeRange })
  @Min(LATITUDE_MIN, { message: V.latitudeRange })
  @Max(LATITUDE_MAX, { message: V.latitudeRange })
  destinationLatitude?: number | null = undefined;

  @Coordinate()
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: V.longitudeRange })
  @Min(LONGITUDE_MIN, { message: V.longitudeRange })
  @Max(LONGITUDE_MAX, { message: V.longitudeRange })
  destinationLongitude?: number | null = undefined;

  @OptionalText()
  @IsOptional()
  @IsString({ message: V.placeIdTooLong })
  @MaxLength(PLACE_ID_MAX, { message: V.placeIdTooLong })
  destinationPlaceId?: string | null = undefined;
}

/** PATCH /api/groups/{id}: the main destination (common's destinationSchema). */
export class DestinationDto extends PlaceFieldsDto {
  @OptionalText()
  @IsOptional()
  @IsString({ message: V.destinationTooLong })
  @MaxLength(DESTINATION_NAME_MAX, { message: V.destinationTooLong })
  destinationName?: string | null = undefined;
}

/** A group's description and dates, as both POST and PATCH /api/groups take them (common's groupFields). */
class GroupPlanDto extends DestinationDto {
  @OptionalText()
  @IsOptional()
  @IsString({ message: V.descriptionTooLong })
  @MaxLength(GROUP_DESCRIPTION_MAX, { message: V.descriptionTooLong })
  description?: string | null = undefined;

  @OptionalText()
  @IsOptional()
  @IsIsoTimestamp(V.invalidDate)
  startDate?: string | null = undefined;

  /** Checked against the start sent with it here; against the stored start by the service when sent alone. */
  @OptionalText()
  @IsOptional()
  @IsIsoTimestamp(V.invalidDate)
  @NotBeforeStart(V.endBeforeStart)
  endDate?: string | null = undefined;
}

/**
 * PATCH /api/groups/{id}: the rules of common's editGroupSchema, every field optional. Only what is sent changes;
 * a name or status sent as null is refused (a group always has both), a description or date sent as null clears it.
 * The route lets any member send the destination and only the owner anything else (OWNER_ONLY_FIELDS).
 */
export class UpdateGroupDto extends GroupPlanDto {
  @ValidateIf((o: UpdateGroupDto) => o.name !== undefined)
  @Trim()
  @IsString({ message: V.groupNameRequired })
  @IsNotEmpty({ message: V.groupNameRequired })
  @MaxLength(GROUP_NAME_MAX, { message: V.groupNameTooLong })
  name?: string = undefined;

  @ValidateIf((o: UpdateGroupDto) => o.status !== undefined)
  @IsIn(GROUP_STATUSES, { message: V.groupStatusInvalid })
  status?: GroupStatus = undefined;

  @IsOptional()
  @IsInt({ message: V.arrivalRadiusRange })
  @Min(ARRIVAL_RADIUS_MIN_METERS, { message: V.arrivalRadiusRange })
  @Max(ARRIVAL_RADIUS_MAX_METERS, { message: V.arrivalRadiusRange })
  arrivalRadiusMeters?: number | null = undefined;
}

/** The fields of PATCH /api/groups/{id} that only the group's owner may send. */
export const OWNER_ONLY_FIELDS = [
  "name",
  "description",
  "status",
  "startDate",
  "endDate",
  "arrivalRadiusMeters",
] as const satisfies readonly (keyof UpdateGroupDto)[];

/** POST /api/groups: the rules of common's createGroupSchema. */
export class CreateGroupDto extends GroupPlanDto {
  @Trim()
  @IsString({ message: V.groupNameRequired })
  @IsNotEmpty({ message: V.groupNameRequired })
  @MaxLength(GROUP_NAME_MAX, { message: V.groupNameTooLong })
  name: string = undefined!;

  @IsOptional()
  @IsIn(GROUP_STATUSES, { message: V.groupStatusInvalid })
  status?: GroupStatus | null = undefined;

  @OptionalText()
  @IsOptional()
  @IsString({ message: V.coverImageUrlHttps })
  @IsHttpsUrl(V.coverImageUrlHttps)
  @MaxLength(URL_MAX, { message: V.coverImageUrlTooLong })
  coverImageUrl?: string | null = undefined;
}
