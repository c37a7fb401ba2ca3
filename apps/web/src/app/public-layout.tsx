import { Anchor, Box, Container, Group, Paper, Stack, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useProductTitle } from "../lib/app-info.ts";
import { Brand } from "./brand.tsx";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { LanguageMenu } from "./language-menu.tsx";

interface PublicLayoutProps {
  /** The page's <h1>. */
  title: string;
  children: ReactNode;
  size?: "xs" | "sm" | "md";
}

/** The frame of the pages that need no sign-in: brand, colour toggle, one centred card. */
export function PublicLayout({ title, children, size = "xs" }: PublicLayoutProps) {
  const productTitle = useProductTitle();
  useDocumentTitle(title === productTitle ? title : `${title} · ${productTitle}`);
  return (
    <Box mih="100dvh" py="xl" bg="var(--mantine-color-body)">
      <Container size={size}>
        <Stack gap="lg">
          <Group component="header" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" c="inherit">
              <Brand />
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <LanguageMenu />
              <ColorSchemeToggle />
            </Group>
          </Group>
          <Paper withBorder shadow="sm" radius="md" p="xl" component="main">
            <Stack>
              <Title order={1} size="h2">
                {title}
              </Title>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
