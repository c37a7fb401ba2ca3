import { useDirection } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { SessionResponse } from "@wms/domain";
import { useEffect } from "react";
import { sessionQueryKey } from "../features/auth/api/session.ts";
import { i18next, setLanguage } from "./index.ts";

/**
 * Keeps the interface language and direction in step: Mantine's direction follows i18next's language,
 * and once someone is signed in, the language saved with their account wins (and is remembered on this
 * device for the next sign-in page). Renders nothing; lives inside the query client and direction
 * providers.
 */
export function LanguageSync() {
  const { setDirection } = useDirection();
  const queryClient = useQueryClient();

  useEffect(() => {
    const follow = (language: string) => setDirection(i18next.dir(language));
    follow(i18next.language);
    i18next.on("languageChanged", follow);
    return () => i18next.off("languageChanged", follow);
  }, [setDirection]);

  useEffect(() => {
    const adopt = () => {
      const language = queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.user?.language;
      if (language && language !== i18next.language) {
        void setLanguage(language);
      }
    };
    adopt();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === sessionQueryKey[0] && event.type === "updated") {
        adopt();
      }
    });
  }, [queryClient]);

  return null;
}
