import { CloseButton, Dialog, IconButton, Portal } from "@chakra-ui/react";
import { useFormik } from "formik";
import { useEffect, useRef } from "react";
import {
  AUTH_DIALOG_TITLES,
  AUTH_TEXTS,
  TOASTS,
  signinSchema,
  signupSchema,
  type SigninPayload,
  type SignupPayload,
} from "@caravan/common";
import { ApiError } from "../../api/client";
import { autofocusTarget } from "../../components/AppDialog";
import { ArrowLeftIcon } from "../../components/icons";
import { notify, notifyFailure } from "../../components/toaster";
import { navigateTo } from "../../lib/browser";
import { hideDialogFrame } from "../../lib/dialog-frame";
import { useSignin, useSignup } from "./api";
import { useAuthDialog, type AuthView } from "./dialog-store";
import { ProvidersView } from "./ProvidersView";
import { SigninForm } from "./SigninForm";
import { SignupForm } from "./SignupForm";
import { DialogHeader } from "../../components/DialogHeader";

/** A little longer than the dialog's own entrance. */
const FRAME_OVERLAP_MS = 300;

const SUBTITLES: Record<AuthView, string> = {
  providers: "Plan together, share where you are, and keep the whole group in the loop.",
  signup: "It takes a minute. You can invite your group right after.",
  signin: "Welcome back. Sign in to see your travel groups.",
};

/** Opened on another page than the landing page: signing in comes back to it. */
const SUBTITLES_RETURNING: Record<AuthView, string> = {
  providers: AUTH_TEXTS.returningProviders,
  signup: AUTH_TEXTS.returningSignup,
  signin: AUTH_TEXTS.returningSignin,
};

const emptySignup: SignupPayload = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };
const emptySignin: SigninPayload = { email: "", password: "" };

/** Moves the server's per-field messages onto the form, so they show beneath the fields like the client's own. */
function serverFieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fieldErrors : {};
}

/**
 * The sign-up / sign-in dialog. Both forms live here rather than in their views, so switching views keeps what
 * was typed, and closing can clear both at once.
 */
export function AuthDialog({ returnTo }: { returnTo: string | null }) {
  const { open, view, setView, close } = useAuthDialog();
  const content = useRef<HTMLDivElement>(null);
  const signupMutation = useSignup();
  const signinMutation = useSignin();
  // The frame a tap showed while this code loaded (landing-boot.ts, DialogFrame) makes way for the dialog once the
  // dialog has faded in above it, so that the backdrop does not blink.
  useEffect(() => {
    const timer = setTimeout(hideDialogFrame, FRAME_OVERLAP_MS);
    return () => {
      clearTimeout(timer);
      hideDialogFrame();
    };
  }, []);

  const signupForm = useFormik<SignupPayload>({
    initialValues: emptySignup,
    validationSchema: signupSchema,
    onSubmit: async (values, helpers) => {
      try {
        await signupMutation.mutateAsync(signupSchema.cast(values) as SignupPayload);
      } catch (err) {
        helpers.setErrors(serverFieldErrors(err));
        notifyFailure(TOASTS.signupFailedTitle, err, TOASTS.signupFailedText);
        return;
      }
      notify("success", TOASTS.accountCreatedTitle, TOASTS.accountCreatedText);
      helpers.resetForm();
      signinForm.resetForm({ values: { ...emptySignin, email: values.email.trim() } });
      setView("signin");
    },
  });

  const signinForm = useFormik<SigninPayload>({
    initialValues: emptySignin,
    validationSchema: signinSchema,
    onSubmit: async (values, helpers) => {
      try {
        await signinMutation.mutateAsync(signinSchema.cast(values) as SigninPayload);
      } catch (err) {
        helpers.setErrors(serverFieldErrors(err));
        notifyFailure(TOASTS.signinFailedTitle, err, TOASTS.signinFailedText);
        return;
      }
      navigateTo(returnTo ?? "/");
      // The page is being replaced: keep the button in its pending state until it is.
      await new Promise(() => {});
    },
  });

  const onOpenChange = ({ open: next }: { open: boolean }) => {
    if (next) return;
    close();
    signupForm.resetForm();
    signinForm.resetForm();
    signupMutation.reset();
    signinMutation.reset();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={onOpenChange}
      placement="center"
      motionPreset="slide-in-bottom"
      size="md"
      initialFocusEl={() => autofocusTarget(content.current)}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.600" backdropFilter="blur(2px)" />
        <Dialog.Positioner px={{ base: "3", sm: "4" }}>
          <Dialog.Content ref={content} borderRadius="2xl" boxShadow="lift" data-testid="auth-dialog" data-view={view}>
            <DialogHeader
              title={AUTH_DIALOG_TITLES[view]}
              description={(returnTo && returnTo !== "/" ? SUBTITLES_RETURNING : SUBTITLES)[view]}
              leading={
                view !== "providers" && (
                  <IconButton
                    aria-label="Back to sign-in options"
                    variant="ghost"
                    size="sm"
                    ms="-2"
                    onClick={() => setView("providers")}
                  >
                    <ArrowLeftIcon />
                  </IconButton>
                )
              }
            />
            <Dialog.Body pt="5" pb="6">
              {view === "providers" && (
                <ProvidersView
                  returnTo={returnTo}
                  onCreateAccount={() => setView("signup")}
                  onSignIn={() => setView("signin")}
                />
              )}
              {view === "signup" && <SignupForm form={signupForm} onSwitch={() => setView("signin")} />}
              {view === "signin" && <SigninForm form={signinForm} onSwitch={() => setView("signup")} />}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild top="4" insetEnd="4">
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
