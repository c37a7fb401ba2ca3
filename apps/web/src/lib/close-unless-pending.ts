/** What a dialog's close needs of the one request its form sends (a TanStack Query mutation). */
export interface DialogRequest {
  isPending: boolean;
  reset: () => void;
}

/**
 * The close of a dialog whose form sends one request. While the request is in flight the dialog stays
 * open, so its outcome (a success or a refusal to read) is not hidden. Otherwise the request's last
 * result or error is cleared, and the form's values where the dialog keeps them, so the dialog opens
 * clean the next time.
 */
export function closeUnlessPending(
  request: DialogRequest,
  onClose: () => void,
  resetForm?: () => void,
): () => void {
  return () => {
    if (request.isPending) {
      return;
    }
    resetForm?.();
    request.reset();
    onClose();
  };
}
