import { Badge, Tooltip } from "@mantine/core";
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
  return (
    <Tooltip label={t("live.hint")} withArrow>
      <Badge
        variant={justChanged ? "filled" : "light"}
        color={COLOR[state]}
        className={classes.badge}
        role="status"
        aria-live="polite"
        data-live-state={state}
      >
        <span className={classes.label}>{label}</span>
      </Badge>
    </Tooltip>
  );
}
