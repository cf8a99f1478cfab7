import { useEffect, useEffectEvent, useRef, useState, type TouchEvent } from 'react';
import type { TieredMatch } from '../api/request-matches';
import { TIER_LABELS } from '../utils/match-format';
import { MatchCard } from './match-card';

const SWIPE_THRESHOLD_PX = 50;

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** One card at a time; arrows, dots, ←/→ and swipes move between cards when there is more than one. */
export function MatchCarousel({
  matches,
  onGone,
}: {
  matches: TieredMatch[];
  onGone: (userId: string) => void;
}) {
  const [index, setIndex] = useState(0);
  const sectionRef = useRef<HTMLElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = matches.length;
  const several = count > 1;
  // A card that left (blocked, reported) may have been the last one: stay within the cards that remain.
  const position = Math.min(index, Math.max(0, count - 1));

  const go = (next: number) => setIndex(Math.max(0, Math.min(count - 1, next)));

  // After a move, the new card's name is brought into view (below the sticky controls): on a phone the
  // previous card may have been read far down.
  const shownBefore = useRef(position);
  useEffect(() => {
    if (shownBefore.current === position) return;
    shownBefore.current = position;
    const name = sectionRef.current?.querySelector<HTMLElement>(
      '[aria-roledescription="slide"]:not([aria-hidden="true"]) .match-card__name',
    );
    if (!name) return;
    const { top, bottom } = name.getBoundingClientRect();
    const margin = parseFloat(getComputedStyle(name).scrollMarginTop) || 0;
    // The name's scroll-margin-top keeps it below the sticky header and controls (matches-page.css). Only the
    // window scrolls: scrollIntoView would also shift the clipped track sideways while it slides.
    if (top < margin || bottom > window.innerHeight) window.scrollBy({ top: top - margin });
  }, [position]);

  // A card that left (blocked, reported) took the focus with it: it goes to the name of the card shown now.
  const countBefore = useRef(count);
  useEffect(() => {
    if (count < countBefore.current)
      sectionRef.current
        ?.querySelector<HTMLElement>(
          '[aria-roledescription="slide"]:not([aria-hidden="true"]) .match-card__name',
        )
        ?.focus({ preventScroll: true });
    countBefore.current = count;
  }, [count]);

  // ← and → anywhere on the page, unless the user is typing or a dialog is open.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!several || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(position - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(position + 1);
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }

  function onTouchEnd(event: TouchEvent) {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    // Mostly-horizontal moves only, so scrolling the card vertically never flips it.
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    go(position + (dx < 0 ? 1 : -1));
  }

  const current = matches[position]!;

  return (
    <section
      ref={sectionRef}
      className="match-carousel"
      aria-roledescription="carousel"
      aria-label="Your matches"
      onTouchStart={several ? onTouchStart : undefined}
      onTouchEnd={several ? onTouchEnd : undefined}
    >
      {several && (
        <div className="match-carousel__controls">
          <button
            type="button"
            className="match-carousel__arrow"
            aria-label="Previous match"
            disabled={position === 0}
            onClick={() => go(position - 1)}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M12.5 4.5 7 10l5.5 5.5" />
            </svg>
          </button>
          <div className="match-carousel__middle">
            {/* The live region below announces moves; this is the visible position. */}
            <p className="match-carousel__position" aria-hidden="true">
              {position + 1} of {count}
            </p>
            <div className="match-carousel__dots" role="group" aria-label="Choose a match">
              {matches.map((match, i) => (
                <button
                  key={match.tier}
                  type="button"
                  className="match-carousel__dot"
                  aria-label={`${TIER_LABELS[match.tier]} (${i + 1} of ${count})`}
                  aria-current={i === position ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              ))}
            </div>
          </div>
          <button
            type="button"
            className="match-carousel__arrow"
            aria-label="Next match"
            disabled={position === count - 1}
            onClick={() => go(position + 1)}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M7.5 4.5 13 10l-5.5 5.5" />
            </svg>
          </button>
        </div>
      )}

      <div className="match-carousel__viewport">
        <div className="match-carousel__track" style={{ transform: `translateX(-${position * 100}%)` }}>
          {matches.map((match, i) => (
            <div
              key={match.tier}
              className="match-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== position}
              inert={i !== position}
            >
              <MatchCard match={match} onGone={() => onGone(match.compatibility.id)} />
            </div>
          ))}
        </div>
      </div>

      <p className="sr-only" aria-live="polite">
        {several ? `Showing ${TIER_LABELS[current.tier].toLowerCase()}, ${position + 1} of ${count}` : ''}
      </p>
    </section>
  );
}
