import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useLogout } from '@/lib/auth/use-logout';
import { useLiveNotices } from '@/lib/realtime/live-notices';
import { useReceivedInterestCount } from '@/lib/realtime/received-interest-count';
import { useConversationsSummary } from '@/lib/realtime/unread-count';
import { VerifyEmailDialog } from './verify-email-dialog';
import './main-nav.css';

interface NavItem {
  to: string;
  label: string;
  /** Quiz, matches and waitlist need a verified email (spec section 6). */
  needsVerified: boolean;
  icon: ReactNode;
}

/** The signed-in destinations, in tab-bar order ('Messages' once there is something in it: MainNav). */
const NAV_ITEMS: NavItem[] = [
  {
    to: paths.match,
    label: 'Matches',
    needsVerified: true,
    icon: <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10z" />,
  },
  {
    to: paths.connections,
    label: 'Messages',
    needsVerified: true,
    icon: <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.1A8 8 0 1 1 20 12z" />,
  },
  {
    to: paths.profile,
    label: 'Profile',
    needsVerified: false,
    icon: (
      <>
        <circle cx="12" cy="8" r="3.5" />
        <path d="M5 20a7 7 0 0 1 14 0" />
      </>
    ),
  },
  {
    to: paths.waitlist,
    label: 'Waitlist',
    needsVerified: true,
    icon: <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />,
  },
  {
    to: paths.settings,
    label: 'Settings',
    needsVerified: false,
    icon: (
      <>
        <circle cx="12" cy="12" r="3" />
        <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
      </>
    ),
  },
];

function NavIcon({ children }: { children: ReactNode }) {
  return (
    <svg className="main-nav__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/**
 * The one navigation of every signed-in page: part of the header on wide screens, a bottom tab bar on phones
 * (main-nav.css). The account menu inside it holds who is signed in, Premium and Log out; on wide screens it
 * lies open in the header.
 */
export function MainNav() {
  const { auth } = useAuth();
  const { pathname } = useLocation();
  const [verifyPrompt, setVerifyPrompt] = useState(false);
  // Conversations and unread messages, and who is interested, kept fresh by the socket (only verified members
  // have any). 'Messages' is there once there is something in it: a conversation, or someone interested
  // (their cards are on /connections too); and while the member is there.
  const { count: conversations, unread } = useConversationsSummary(Boolean(auth?.verification));
  // Only asked while it decides anything: with a conversation, 'Messages' shows anyway.
  const interested = useReceivedInterestCount(Boolean(auth?.verification) && conversations === 0);
  useLiveNotices(Boolean(auth?.verification), pathname);
  if (!auth) return null;
  const verified = auth.verification;
  const onMessages = pathname === paths.connections || pathname.startsWith(`${paths.connections}/`);
  const showMessages = conversations > 0 || interested > 0 || onMessages;
  const items = NAV_ITEMS.filter((item) => item.to !== paths.connections || showMessages);

  function guard(event: MouseEvent, item: NavItem) {
    if (item.needsVerified && !verified) {
      event.preventDefault();
      setVerifyPrompt(true);
    }
  }

  return (
    <nav aria-label="Main" className="main-nav">
      <ul className="main-nav__list">
        {items.map((item) => (
          <li key={item.to} className="main-nav__entry">
            <NavLink
              to={item.to}
              className="main-nav__item"
              onClick={(event) => guard(event, item)}
              aria-label={
                item.to === paths.connections && unread > 0 ? `Messages, ${unread} unread` : undefined
              }
            >
              <NavIcon>{item.icon}</NavIcon>
              <span className="main-nav__label">{item.label}</span>
              {item.to === paths.connections && unread > 0 ? (
                <>
                  {/* Read as "Messages 3": the visible words stay part of the link's name. */}{' '}
                  <span className="main-nav__badge" aria-hidden="true">
                    {unread}
                  </span>
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
        <li className="main-nav__entry main-nav__entry--account">
          <AccountMenu email={auth.email} />
        </li>
      </ul>
      <VerifyEmailDialog
        open={verifyPrompt}
        onClose={() => setVerifyPrompt(false)}
        userId={auth.id}
        email={auth.email}
      />
    </nav>
  );
}

function AccountMenu({ email }: { email: string }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: a new page (Premium chosen, or anywhere else) finds it closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="account"
      data-open={open || undefined}
      // Focus moved on past the menu (Tab from 'Log out'): it closes, not left open over the page.
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !rootRef.current?.contains(next)) setOpenOn(null);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="main-nav__item account__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <NavIcon>
          <circle cx="12" cy="12" r="9" />
          <circle cx="12" cy="10" r="3" />
          <path d="M6.2 18.4a6.5 6.5 0 0 1 11.6 0" />
        </NavIcon>
        <span className="main-nav__label">Account</span>
      </button>
      <div id={panelId} className="account__panel">
        <p className="account__who">
          <span className="account__label">Logged in as</span>{' '}
          <span className="account__email" title={email}>
            <BreakableEmail email={email} />
          </span>
        </p>
        <Link to={paths.premium} className="account__action account__action--premium">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m3 7 4.5 4L12 4l4.5 7L21 7l-2 11H5z" />
          </svg>
          Premium
        </Link>
        <button
          type="button"
          className="account__action account__action--logout"
          onClick={() => void logout(paths.home)}
        >
          Log out
        </button>
      </div>
    </div>
  );
}

/** The address with a line-break opportunity after its '@': a long one wraps between its parts. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
