import { useEffect, useState } from "react";
import { useCurrentUser } from "../api/current-user";
import { prepareToaster } from "../components/toaster";
import { UserMenu } from "../features/dashboard";
import { ProfileDialog } from "../features/profile";
import { TrackerAppsDialog } from "../features/trackers";
import { followProfileLanguage } from "../lib/language";

/** The user menu (Profile, Tracker apps, Logout) with its profile dialog, for whoever is signed in; nothing for a visitor. */
export function AccountMenu() {
  const { data: user } = useCurrentUser();
  const [profileOpen, setProfileOpen] = useState(false);
  const [trackersOpen, setTrackersOpen] = useState(false);
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) prepareToaster();
  }, [signedIn]);
  useEffect(() => followProfileLanguage(user), [user]);
  if (!user) return null;
  return (
    <>
      <UserMenu user={user} onProfile={() => setProfileOpen(true)} onTrackers={() => setTrackersOpen(true)} />
      <ProfileDialog user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />
      {trackersOpen ? <TrackerAppsDialog open onClose={() => setTrackersOpen(false)} /> : null}
    </>
  );
}
