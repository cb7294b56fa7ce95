import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from "class-validator";
import {
  DESTINATION_NAME_MAX,
  PROPOSAL_DURATION_MAX_HOURS,
  VALIDATION as V,
  VOTES,
  type VoteValue,
} from "@caravan/common";
import { IsIsoTimestamp, Trim } from "../../http/validate.js";
import { PlaceFieldsDto } from "../groups/groups.dto.js";

/** A proposed destination (optionally placed by the destination search) with dates or a duration (proposalSchema). */
export class ProposalDto extends PlaceFieldsDto {
  @Trim()
  @IsString({ message: V.destinationRequired })
  @IsNotEmpty({ message: V.destinationRequired })
  @MaxLength(DESTINATION_NAME_MAX, { message: V.destinationTooLong })
  destinationName: string = undefined!;

  @IsOptional()
  @IsIsoTimestamp(V.invalidDate)
  startDate?: string | null = undefined;

  @IsOptional()
  @IsIsoTimestamp(V.invalidDate)
  endDate?: string | null = undefined;

  @IsOptional()
  @IsInt({ message: V.durationInvalid })
  @Min(1, { message: V.durationInvalid })
  @Max(PROPOSAL_DURATION_MAX_HOURS, { message: V.durationInvalid })
  durationHours?: number | null = undefined;
}

/** A vote on a proposal (common's voteSchema). */
export class VoteDto {
  @IsIn(VOTES, { message: V.voteInvalid })
  vote: VoteValue = undefined!;
}
