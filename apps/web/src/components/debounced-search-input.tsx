import { TextInput, type TextInputProps } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useContext, useState } from "react";
import { UNSAFE_DataRouterContext, useLocation } from "react-router";

/** Search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

interface DebouncedSearchInputProps
  extends Omit<TextInputProps, "value" | "onChange" | "type" | "leftSection"> {
  /** The committed search (e.g. from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearchChange: (search: string) => void;
}

/** A search box whose text shows at once while the search itself follows after a pause. */
export function DebouncedSearchInput({ value, onSearchChange, ...props }: DebouncedSearchInputProps) {
  const [input, setInput] = useState(value);
  // The committed search as this box last saw it, and the search the box last wrote itself. The
  // address catches up with a written search a render or more later (the router moves in a
  // transition), so the committed search is compared with what it was, not with what was written: a
  // change to the written search is the box's own and leaves the text as it is now, with any typing
  // since; a change to anything else came from elsewhere (back, reload, a link, Clear filters) and
  // is shown.
  const [seenValue, setSeenValue] = useState(value);
  const [written, setWritten] = useState<string | null>(null);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== written) {
      setInput(value);
      setWritten(null);
    }
  }
  // A click on another screen may still be loading that screen's code when the pause ends: the search
  // written into the address then would be a navigation of its own and cancel the click.
  const leaving = useLeavingThisScreen();
  const commit = useDebouncedCallback((text: string) => {
    if (leaving()) {
      return;
    }
    setWritten(text.trim());
    onSearchChange(text.trim());
  }, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      {...props}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={input}
      onChange={(event) => {
        setInput(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
    />
  );
}

/**
 * Asks, when the pause ends, whether a navigation to another screen is under way. It asks the router
 * itself, which knows from the click on: useNavigation() would tell only once React has rendered the
 * navigation, in a transition that a busy page renders later, and the pause can end in between.
 */
function useLeavingThisScreen(): () => boolean {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { pathname } = useLocation();
  return () => {
    const navigation = router?.state.navigation;
    return (
      navigation !== undefined && navigation.state !== "idle" && navigation.location?.pathname !== pathname
    );
  };
}
