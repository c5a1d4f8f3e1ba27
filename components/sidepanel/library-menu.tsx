import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { i18n } from "#i18n";
import { Button } from "../ui/button";

/**
 * The toolbar's menu button (⋯, "Export and import"): it shows the library-wide actions in a panel under
 * the toolbar line, and hides them again on a second press or Escape (the focus back on the button).
 */
export function LibraryMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <Button
        ref={buttonRef}
        size="small"
        className="library-menu__button"
        aria-label={i18n.t("sidepanel.library.menu")}
        title={i18n.t("sidepanel.library.menu")}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={open ? onKeyDown : undefined}
      >
        <span aria-hidden="true">⋯</span>
      </Button>
      <div
        id={panelId}
        role="toolbar"
        aria-label={i18n.t("sidepanel.library.toolbar")}
        className="library__actions library-menu__panel"
        hidden={!open}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </>
  );
}
