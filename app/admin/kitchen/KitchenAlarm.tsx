import { useEffect, useRef, useState } from 'react';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { ALARM_SOURCE, rememberSound, soundRemembered } from './alarm-sound.ts';
import { tokenColour } from '#app/admin/token-colour.ts';
import { Notice } from '#app/ui/notice.tsx';

type Props = { ringing: number; restaurant: string; locale: UiLocale };

const GESTURES = ['pointerdown', 'touchstart', 'keydown'] as const;

/**
 * The board's alarm while any order is unacknowledged: the looping <audio> element, the tab's title and favicon with
 * the count, and the sound switch. The sound is switched on once per device and remembered; browsers let a page play
 * sound only after a touch or a key on it, so after a reload a full-width banner asks for one, and the first touch or
 * key anywhere resumes the alarm.
 */
export default function KitchenAlarm({ ringing, restaurant, locale }: Props) {
  const t = { locale: messageLocale(locale) } as const;
  const audio = useRef<HTMLAudioElement>(null);
  const [sound, setSound] = useState(false);
  // The remembered sound waits for this page load's first touch or key.
  const [waiting, setWaiting] = useState(false);
  const ringingNow = useRef(ringing);
  ringingNow.current = ringing;

  // Played inside the gesture itself (iOS unlocks a media element only there), and stopped at once when nothing rings.
  const unlock = () => {
    const element = audio.current;
    if (!element) return;
    element
      .play()
      .then(() => {
        if (ringingNow.current === 0) element.pause();
      })
      .catch(() => undefined);
  };

  // A page cannot tell beforehand whether it may play (browsers decide by their own engagement scores, and some let a
  // play() succeed silently): until this page load has seen a touch or a key, the banner asks for one, and the board
  // tries to ring anyway.
  useEffect(() => {
    const on = soundRemembered();
    setSound(on);
    setWaiting(on);
  }, []);

  useEffect(() => {
    if (!waiting) return;
    const resume = () => {
      setWaiting(false);
      unlock();
    };
    for (const gesture of GESTURES) document.addEventListener(gesture, resume, { capture: true });
    return () => {
      for (const gesture of GESTURES) document.removeEventListener(gesture, resume, { capture: true });
    };
  }, [waiting]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (sound && ringing > 0) {
      // Refused (no gesture yet after all): ask for one.
      element.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError') setWaiting(true);
      });
    } else element.pause();
  }, [sound, ringing]);

  useTabSignal(ringing, m.admin_kitchen_title_alarm({ count: ringing, restaurant }, t));

  return (
    <>
      <audio ref={audio} src={ALARM_SOURCE} loop preload="auto" className="kitchen-alarm-audio" />
      {ringing > 0 && (
        <Notice tone="news" className="kitchen-ringing">
          {m.admin_kitchen_ringing({ count: ringing }, t)}
        </Notice>
      )}
      <button
        type="button"
        className="staff-action kitchen-sound"
        aria-pressed={sound}
        onClick={() => {
          const on = !sound;
          rememberSound(on);
          setSound(on);
          setWaiting(false);
          if (on) unlock();
        }}
      >
        {sound ? m.admin_kitchen_sound_off({}, t) : m.admin_kitchen_sound({}, t)}
      </button>
      {waiting && (
        <button type="button" className="kitchen-resume">
          {m.admin_kitchen_resume({}, t)}
        </button>
      )}
    </>
  );
}

/** The tab's title and favicon carry the count while orders ring, so a board in a background tab is noticed too. */
function useTabSignal(ringing: number, alarmTitle: string) {
  const original = useRef<{ title: string; icon: string | null } | null>(null);
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    original.current ??= { title: document.title, icon: link?.getAttribute('href') ?? null };
    const { title, icon } = original.current;
    document.title = ringing > 0 ? alarmTitle : title;
    const target = link ?? document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'icon' }));
    const badge = ringing > 0 ? countIcon(ringing) : null;
    if (badge) target.href = badge;
    else if (icon) target.setAttribute('href', icon);
    else if (!link) target.remove();
  }, [ringing, alarmTitle]);
  useEffect(
    () => () => {
      const saved = original.current;
      if (!saved) return;
      document.title = saved.title;
      const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
      if (link && saved.icon) link.setAttribute('href', saved.icon);
    },
    [],
  );
}

/** A red disc with the count, as a data: URL (the CSP lets images come from data:). */
function countIcon(count: number): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = tokenColour('--red-533');
  context.beginPath();
  context.arc(32, 32, 32, 0, 2 * Math.PI);
  context.fill();
  context.fillStyle = tokenColour('--white');
  context.font = 'bold 40px sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(count > 9 ? '9+' : String(count), 32, 35);
  return canvas.toDataURL('image/png');
}
