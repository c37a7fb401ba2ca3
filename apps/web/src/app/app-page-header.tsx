import type { ComponentProps } from "react";
import { PageHeader } from "../components/page-header.tsx";
import { useProductTitle } from "../lib/app-info.ts";

/** PageHeader whose document title ends with the product title. */
export function AppPageHeader(props: Omit<ComponentProps<typeof PageHeader>, "documentTitleSuffix">) {
  const productTitle = useProductTitle();
  return <PageHeader {...props} documentTitleSuffix={productTitle} />;
}
