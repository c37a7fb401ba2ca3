/*
 * Mantine's stylesheet for the components every page may show (the sign-in and other public pages,
 * the loading and error screens, the language menu), instead of all of @mantine/core/styles.css: the
 * first paint of every page waits for it. The signed-in screens' components come with the app frame
 * (mantine-styles-app.ts). Order as Mantine documents it: the global styles, then the components other
 * components are built on, then the rest. A component newly used on a public page needs its line here
 * (and the lines of the components it is built on); one used only when signed in, in
 * mantine-styles-app.ts.
 */
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
// The app theme's variables, after Mantine's defaults, which they override (theme-variables.test.ts).
import "./theme-variables.css";
import "@mantine/core/styles/global.css";
// Components other components are built on.
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Flex.css";
import "@mantine/core/styles/ActionIcon.css";
// The components the public pages use directly.
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Title.css";
