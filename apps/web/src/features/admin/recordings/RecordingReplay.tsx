import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Replayer } from 'rrweb';
import { formatWhen } from '../components/format.ts';
import { useAdminRecordingEventsQuery, type RecordingReplay as Replay } from './recordings-api.ts';
import { Button } from '../../../components/ui/index.ts';

/** /admin/recordings/:id: the session replayed with rrweb's player, its end state shown first. */
export function RecordingReplay() {
  const { id = '' } = useParams();
  const { data, isError, refetch } = useAdminRecordingEventsQuery(id, { refetchOnMountOrArgChange: true });

  if (isError) {
    return (
      <section className="admin-panel">
        <p>We couldn't load this recording.</p>
        <Button variant="ghost" onClick={() => void refetch()}>
          Try again
        </Button>
        <p>
          <Link to="/admin/recordings">All recordings</Link>
        </p>
      </section>
    );
  }
  if (!data) return <p role="status">Loading the recording…</p>;
  return <Player replay={data} />;
}

function Player({ replay }: { replay: Replay }) {
  const root = useRef<HTMLDivElement>(null);
  const player = useRef<Replayer | null>(null);
  const [totalMs, setTotalMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  // A session whose oldest events were dropped before they were sent (a full queue) may lack its first
  // page snapshot (rrweb EventType.FullSnapshot): then there is nothing to draw until the next one.
  const replayable = replay.events.some((event) => event.type === 2);

  useEffect(() => {
    if (!root.current || !replayable) return;
    // A copy: the player writes into the events it is given, and the cached answer is frozen.
    const events = structuredClone(replay.events) as unknown as ConstructorParameters<typeof Replayer>[0];
    const replayer = new Replayer(events, {
      root: root.current,
      mouseTail: false,
      showWarning: false,
      skipInactive: true,
    });
    replayer.on('finish', () => setPlaying(false));
    const total = replayer.getMetaData().totalTime;
    setTotalMs(total);
    // The end state first: what the shopper saw last, the question an admin usually has. One millisecond
    // past the end, as the player applies only the events before the time it is given.
    replayer.pause(total + 1);
    player.current = replayer;
    return () => {
      replayer.destroy();
      player.current = null;
    };
  }, [replay.events, replayable]);

  const { recording } = replay;
  return (
    <div data-testid="admin-recording-replay">
      <h2>Recording</h2>
      <p>
        <Link to="/admin/recordings">All recordings</Link>
      </p>
      <dl className="admin-facts">
        <dt>Who</dt>
        <dd>{recording.userEmail ?? recording.userId ?? 'Guest'}</dd>
        <dt>When</dt>
        <dd>
          {formatWhen(recording.startedAt)} to {formatWhen(recording.endedAt)} ({Math.round(totalMs / 1000)} s)
        </dd>
        <dt>Pages</dt>
        <dd>{recording.paths.join(', ') || '—'}</dd>
        <dt>Browser</dt>
        <dd>{recording.userAgent ?? '—'}</dd>
      </dl>
      {replayable ? (
        <>
          <div className="admin-form">
            <Button
              variant="ghost"
              onClick={() => {
                player.current?.play(0);
                setPlaying(true);
              }}
            >
              Play from the start
            </Button>
            <Button
              variant="ghost"
              disabled={!playing}
              onClick={() => {
                player.current?.pause();
                setPlaying(false);
              }}
            >
              Pause
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                player.current?.pause(totalMs + 1);
                setPlaying(false);
              }}
            >
              Show the end
            </Button>
          </div>
          <div ref={root} className="admin-replay" data-testid="admin-replay-frame" style={{ overflow: 'auto', maxWidth: '100%' }} />
        </>
      ) : (
        <p>This recording has no page snapshot to draw from (its first events were dropped before they were sent).</p>
      )}
    </div>
  );
}
