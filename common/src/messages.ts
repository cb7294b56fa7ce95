/** Every user-visible validation and error text of SPEC §5 and §8, exactly as written there. */

export const VALIDATION = {
  firstNameRequired: "First name is required",
  firstNameTooLong: "First name too long",
  lastNameRequired: "Last name is required",
  lastNameTooLong: "Last name too long",
  invalidEmail: "Invalid email address",
  passwordTooShort: "Password must be at least 8 characters",
  passwordComplexity: "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  passwordTooLong: "Password too long",
  passwordsDontMatch: "Passwords don't match",
  passwordRequired: "Password is required",
  emailTooLong: "Email address too long",
  groupNameRequired: "Group name is required",
  groupNameTooLong: "Group name too long",
  tripTitleRequired: "Trip title is required",
  tripTitleTooLong: "Title too long",
  descriptionTooLong: "Description too long",
  inviteEmailInvalid: "Please enter a valid email address",
  destinationRequired: "Destination is required",
  latitudeRange: "Latitude must be between -90 and 90",
  longitudeRange: "Longitude must be between -180 and 180",
  userNotAuthenticated: "User not authenticated",
  loginToSendMessages: "Please log in to send messages",
  invalidBody: "Request body must be a JSON object",
} as const;

export const ERRORS = {
  unauthorized: "Unauthorized",
  forbidden: "Forbidden",
  notFound: "Not found",
  internal: "Internal error",
  badOrigin: "Cross-site request refused",
  payloadTooLarge: "Request body too large",
  emailTaken: "An account with this email already exists",
  invalidCredentials: "Invalid email or password",
  tooManySignins: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
  groupNotFound: "Group not found",
  invalidId: "Invalid id",
  notGroupMember: "You are not a member of this group",
  ownerOnly: "Only the group owner can do this",
  oauthNotConfigured: (provider: string) => `Sign-in with ${provider} is not set up on this server.`,
  oauthFailed: (provider: string) => `Sign-in with ${provider} did not complete. Please try again.`,
  oauthEmailUnverified: (provider: string) =>
    `${provider} did not confirm an email address for this account, so it cannot be used to sign in.`,
} as const;

/** Toast titles and texts of SPEC §8. */
export const TOASTS = {
  signupFailedTitle: "Sign Up Failed",
  signupFailedText: "Failed to create account",
  accountCreatedTitle: "Account Created",
  accountCreatedText: "Your account has been created successfully. Please sign in.",
  signinFailedTitle: "Sign In Failed",
  signinFailedText: "Invalid email or password",
  unauthorizedTitle: "Unauthorized",
  unauthorizedText: "You are logged out. Logging in again...",
  profileUpdatedTitle: "Profile Updated",
  profileUpdatedText: "Your profile has been successfully updated.",
  profileFailedText: "Failed to update profile",
  errorTitle: "Error",
} as const;
