import { describe, expect, it } from "vitest";
import { closeUnlessPending } from "./close-unless-pending.ts";

function recorder(isPending: boolean) {
  const calls: string[] = [];
  const request = { isPending, reset: () => calls.push("request reset") };
  return { calls, request, onClose: () => calls.push("closed"), resetForm: () => calls.push("form reset") };
}

describe("closeUnlessPending", () => {
  it("keeps the dialog open, and its request's outcome, while the request is in flight", () => {
    const { calls, request, onClose, resetForm } = recorder(true);
    closeUnlessPending(request, onClose, resetForm)();
    expect(calls).toEqual([]);
  });

  it("clears the form, then the request's last outcome, then closes", () => {
    const { calls, request, onClose, resetForm } = recorder(false);
    closeUnlessPending(request, onClose, resetForm)();
    expect(calls).toEqual(["form reset", "request reset", "closed"]);
  });

  it("closes a dialog without a form of its own", () => {
    const { calls, request, onClose } = recorder(false);
    closeUnlessPending(request, onClose)();
    expect(calls).toEqual(["request reset", "closed"]);
  });

  it("reads the request's state when called, not when made", () => {
    const { calls, request, onClose } = recorder(true);
    const close = closeUnlessPending(request, onClose);
    close();
    request.isPending = false;
    close();
    expect(calls).toEqual(["request reset", "closed"]);
  });
});
