import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from "class-validator";
import { MESSAGE_MAX, MESSAGE_TYPES, VALIDATION as V } from "@caravan/common";
import { NullAsMissing, Trim } from "../../http/validate.js";

/** A chat line, in a group's chat or a shared trip's. */
export class MessageDto {
  @Trim()
  @IsString({ message: V.messageRequired })
  @IsNotEmpty({ message: V.messageRequired })
  @MaxLength(MESSAGE_MAX, { message: V.messageTooLong })
  content: string = undefined!;

  @NullAsMissing()
  @IsOptional()
  @IsIn(MESSAGE_TYPES, { message: V.messageTypeInvalid })
  messageType?: (typeof MESSAGE_TYPES)[number] = undefined;
}
