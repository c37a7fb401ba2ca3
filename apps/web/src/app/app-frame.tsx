import "./mantine-styles-app.ts";
import { ActionIcon, AppShell, Burger, Button, Group, NavLink, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { Icon } from "@tabler/icons-react";
import {
  IconArrowsExchange,
  IconBuildingWarehouse,
  IconChartBar,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconPackage,
  IconUserCircle,
  IconUsers,
} from "@tabler/icons-react";
import { ROLE_BASE_PATH } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { useLogout } from "../features/auth/api/logout.ts";
import { useSession } from "../features/auth/api/session.ts";
import { Brand } from "./brand.tsx";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { LiveIndicator } from "./live-indicator.tsx";
import type { MenuIcon } from "./menu.ts";
import { ACCOUNT_SEGMENT, visibleMenu } from "./menu.ts";
import { loginPath } from "./route-access.ts";

const ICONS: Record<MenuIcon, Icon> = {
  dashboard: IconLayoutDashboard,
  warehouses: IconBuildingWarehouse,
  items: IconPackage,
  staff: IconUsers,
  movements: IconArrowsExchange,
  reports: IconChartBar,
  audit: IconHistory,
};

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The signed-in page frame: header, role menu (a burger under `sm`), and the screen. */
export function AppFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const logout = useLogout();
  const user = session.data?.user;

  // The route gate renders this frame only for a signed-in user of this area.
  if (!user) {
    return null;
  }
  const base = ROLE_BASE_PATH[user.role];
  const accountPath = `${base}/${ACCOUNT_SEGMENT}`;

  const signOut = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        void navigate(loginPath(user.role), { replace: true });
      },
    });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("frame.toggleMenu")}
              aria-expanded={opened}
              aria-controls="app-navbar"
            />
            <Brand />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="xs" truncate maw={220} title={user.email} dir="auto">
              {user.name || user.email}
            </Text>
            {/* Until a password change owed is made the server opens no stream. */}
            {!user.mustChangePassword && <LiveIndicator userId={user.id} />}
            <LanguageMenu />
            <ColorSchemeToggle />
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden className="mantine-rotate-rtl" />}
              onClick={signOut}
              loading={logout.isPending}
              visibleFrom="xs"
            >
              {t("frame.logout")}
            </Button>
            {/* On a phone the header keeps only the icon, so nothing pushes the page sideways. */}
            <ActionIcon
              variant="default"
              size="lg"
              hiddenFrom="xs"
              aria-label={t("frame.logout")}
              onClick={signOut}
              loading={logout.isPending}
            >
              <IconLogout size={18} aria-hidden className="mantine-rotate-rtl" />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" id="app-navbar" aria-label={t("nav.mainMenu")} component="nav">
        {/* The browser's own scrolling: Mantine's ScrollArea would bring its positioning library along. */}
        <AppShell.Section grow style={{ overflowY: "auto" }}>
          {visibleMenu(user.role).map((entry) => {
            const path = `${base}/${entry.segment}`;
            const EntryIcon = ICONS[entry.icon];
            const active = isActive(pathname, path);
            return (
              <NavLink
                key={entry.segment}
                component={Link}
                to={path}
                label={t(entry.labelKey)}
                leftSection={<EntryIcon size={18} aria-hidden />}
                active={active}
                aria-current={active ? "page" : undefined}
                onClick={close}
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section>
          <NavLink
            component={Link}
            to={accountPath}
            label={t("nav.account")}
            description={user.name ? user.email : undefined}
            // An email reads left to right in Arabic too: cut at its end, not its start.
            styles={{ description: { direction: "ltr", textAlign: "match-parent" } }}
            leftSection={<IconUserCircle size={18} aria-hidden />}
            active={isActive(pathname, accountPath)}
            aria-current={isActive(pathname, accountPath) ? "page" : undefined}
            onClick={close}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
