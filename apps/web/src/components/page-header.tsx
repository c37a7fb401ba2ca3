import { Group, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";

interface PageHeaderProps {
  title: string;
  /** Shown in the browser tab after the page title, e.g. the product title. */
  documentTitleSuffix?: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The page's <h1> (one per page) and the document title. */
export function PageHeader({ title, documentTitleSuffix, description, actions }: PageHeaderProps) {
  useDocumentTitle(documentTitleSuffix ? `${title} · ${documentTitleSuffix}` : title);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
      <div>
        <Title order={1}>{title}</Title>
        {description}
      </div>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
