/*
 * Mantine's stylesheet for the components of the signed-in screens, loaded with the app frame (whose
 * chunk imports this file), so the sign-in pages neither download nor apply it. It comes after
 * mantine-styles.ts, which has the global styles and the components every page may show; the order
 * within is Mantine's: the components others are built on, then the rest.
 */
// Components other components are built on.
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/FloatingIndicator.css";
// The components the signed-in screens use directly.
import "@mantine/core/styles/Accordion.css";
import "@mantine/core/styles/AppShell.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/ColorSwatch.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/LoadingOverlay.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/NumberInput.css";
import "@mantine/core/styles/Pagination.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stepper.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Tooltip.css";
