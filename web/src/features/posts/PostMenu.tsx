import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditIcon, MoreIcon, TrashIcon } from '../../components/icons';
import { useOutsideDismiss } from './useOutsideDismiss';

interface PostMenuProps {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}

interface MenuItem {
  label: string;
  icon: ReactNode;
  action: () => void;
  danger?: boolean;
}

/** The author's ⋯ menu (menu button pattern): Edit and Delete. */
export function PostMenu({ label, onEdit, onDelete }: PostMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const items: MenuItem[] = [
    { label: 'Edit', icon: <EditIcon size={18} />, action: onEdit },
    { label: 'Delete', icon: <TrashIcon size={18} />, action: onDelete, danger: true },
  ];

  useOutsideDismiss(
    root,
    open,
    useCallback(() => setOpen(false), []),
  );
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  function onMenuKey(event: KeyboardEvent) {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => entries[(to + entries.length) % entries.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(entries.length - 1);
        break;
      case 'Escape':
        setOpen(false);
        button.current?.focus();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div className="post-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <MoreIcon />
      </button>
      {open && (
        <div ref={list} id={menuId} role="menu" aria-label={label} className="post-menu__list" onKeyDown={onMenuKey}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`post-menu__item${item.danger ? ' post-menu__item--danger' : ''}`}
              onClick={() => {
                setOpen(false);
                item.action();
              }}
            >
              {item.icon} {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
