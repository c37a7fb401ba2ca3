import { Badge } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./live-indicator.module.css";
import { type LiveState, useLiveUpdates } from "./use-live-updates.ts";

const JUST_CHANGED_MS = 2_500;

const COLOR: Record<LiveState, string> = { connecting: "gray", live: "teal", reconnecting: "orange" };

/** Shows whether this screen follows other people's changes, and flashes when it just did. */
export function LiveIndicator({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { state, lastChangeAt } = useLiveUpdates(userId);
  const [justChanged, setJustChanged] = useState(false);

  useEffect(() => {
    if (lastChangeAt === null) {
      return;
    }
    setJustChanged(true);
    const timer = setTimeout(() => setJustChanged(false), JUST_CHANGED_MS);
    return () => clearTimeout(timer);
  }, [lastChangeAt]);

  const label = justChanged ? t("live.updated") : t(`live.${state}`);
  // The hint is the browser's own tooltip: a positioned popover here would put its positioning
  // library on the path of every signed-in screen's first paint, for a hint few readers ask for.
  return (
    <Badge
      variant={justChanged ? "filled" : "light"}
      color={COLOR[state]}
      className={classes.badge}
      role="status"
      aria-live="polite"
      data-live-state={state}
      title={t("live.hint")}
    >
      <span className={classes.label}>{label}</span>
    </Badge>
  );
}
