import { Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import type { ReactNode } from "react";

interface EmptyStateProps {
  /** What is missing and what to do next. */
  text: string;
  action?: ReactNode;
}

export function EmptyState({ text, action }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <ThemeIcon variant="light" size="xl" radius="xl" aria-hidden>
          <IconInbox />
        </ThemeIcon>
        <Text ta="center" c="dimmed">
          {text}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
