// Your notifications: new comments and state changes on review threads you take part in or on
// reports you published, newest first, each linking to its thread on the report.
import type { Metadata } from 'next';
import { formatWhen } from '~/components/review/threads-by-anchor';
import { guard } from '~/server/access-page';
import { NOTIFICATIONS_LISTED } from '~/server/notifications/read';
import { serverCaller } from '~/server/root';
import { markAllReadAction, markReadAction } from './actions';
import '../../components/notifications/notifications.css';

export const metadata: Metadata = { title: 'Notifications' };
export const dynamic = 'force-dynamic';

export default async function NotificationsPage() {
  const notifications = await guard((await serverCaller()).notifications.list(), '/notifications');
  const unread = notifications.filter((n) => !n.readAt).length;
  return (
    <section className="stack">
      <header className="page-head spread">
        <div>
          <h1>Notifications</h1>
          <p className="muted">
            Comments and state changes on review threads you opened, answered, or on reports you published,
            and regressions in the histories of projects you edit.
            {notifications.length >= NOTIFICATIONS_LISTED
              ? ` The newest ${NOTIFICATIONS_LISTED} are listed.`
              : ''}
          </p>
        </div>
        {unread > 0 ? (
          <form action={markAllReadAction}>
            <button type="submit" className="button">
              Mark all {unread} read
            </button>
          </form>
        ) : null}
      </header>
      {notifications.length === 0 ? (
        <p className="empty">Nothing yet. When someone answers a review thread of yours, it shows up here.</p>
      ) : (
        <ol className="notification-list">
          {notifications.map((n) => (
            <li key={n.id} className={`notification${n.readAt ? '' : ' unread'}`}>
              <a href={n.href}>{n.summary}</a>
              <time className="muted small" dateTime={n.createdAt.toISOString()}>
                {formatWhen(n.createdAt)}
              </time>
              {n.readAt ? (
                <span className="muted small">read</span>
              ) : (
                <form action={markReadAction}>
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" className="button small ghost">
                    Mark read
                  </button>
                </form>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
