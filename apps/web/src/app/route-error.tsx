import { Button, Center, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown when a screen cannot load (e.g. its code changed after a new release): reloading fixes it. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh">
      <Container size="xs">
        <Stack align="center">
          <Title order={1} size="h2">
            {t("errors.title")}
          </Title>
          <Text c="dimmed">{t("errors.UNKNOWN")}</Text>
          <Button onClick={() => window.location.reload()}>{t("common.retry")}</Button>
        </Stack>
      </Container>
    </Center>
  );
}
