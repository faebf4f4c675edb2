import { useEffect, useState } from 'react';

/** mm:ss until `deadline` (ISO), by the server's clock (`offsetMs` = server − browser); 00:00 once over. */
function useSecondsLeft(deadline: string | null, offsetMs = 0): number | null {
  const left = () =>
    deadline === null ? null : Math.max(0, Math.ceil((Date.parse(deadline) - (Date.now() + offsetMs)) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (deadline === null) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // left() reads only deadline and offsetMs.
  }, [deadline, offsetMs]);
  return seconds;
}

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** The acceptance countdown of a new order; `urgent` below two minutes, for the colour. */
export function Countdown({
  deadline,
  offsetMs,
  label,
  over,
  className,
}: {
  deadline: string | null;
  offsetMs?: number;
  label: (time: string) => string;
  over: string;
  className?: string;
}) {
  const seconds = useSecondsLeft(deadline, offsetMs);
  if (seconds === null) return null;
  const urgent = seconds < 120;
  return (
    <span className={`${className ?? 'countdown'}${urgent ? ' countdown-urgent' : ''}`} role="timer">
      {seconds > 0 ? label(clock(seconds)) : over}
    </span>
  );
}
