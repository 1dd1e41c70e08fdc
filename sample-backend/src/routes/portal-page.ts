import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import { escapeHtml } from '../domain/text';
import { checkUserToken } from '../http/auth';
import { htmlPage, sendHtml } from '../http/html';
import type { Query } from '../http/input';
import { queryValue } from '../http/input';

/**
 * A sample learner dashboard at `/portal/course/{token}`: the storefront's "My Dashboard" link
 * (`{portal host}/course/{token}`) lands here when no real portal is configured. The token is the
 * learner's login JWT.
 */

/** Registers `GET /portal/course/{token}`. */
export function registerPortalPage(app: FastifyInstance, context: BackendContext): void {
  app.get<{ Params: { token: string }; Querystring: Query }>(
    '/portal/course/:token',
    (request, reply) => {
      const check = checkUserToken(request.params.token, context);
      const user = check.ok ? context.users.byId(check.userId) : undefined;
      if (!user) {
        return sendHtml(
          reply,
          401,
          htmlPage(
            'Session expired',
            '<h1>Session expired</h1>\n<p>Your session has expired. Please log in again.</p>\n<p><a href="/login">Log in</a></p>',
          ),
        );
      }
      const courses = context.data.learnerCourses[String(user.id)]?.courses ?? [];
      const rows = courses
        .map(
          (course) =>
            `<tr><td>${escapeHtml(course.title)}</td><td>${escapeHtml(course.month)}</td><td>${escapeHtml(course.status)}, until ${course.expiry_date}</td><td class="num">${String(course.progress_percent)}%</td></tr>`,
        )
        .join('\n');
      const inApp = queryValue(request.query, 'isMobileApp') === 'true';
      return sendHtml(
        reply,
        200,
        htmlPage(
          'My Dashboard',
          `<h1>My Dashboard</h1>
<p>Welcome back, ${escapeHtml(user.displayName)}.</p>
${
  courses.length === 0
    ? '<p>You have no courses yet.</p>'
    : `<table>
<thead><tr><th>Course</th><th>Access</th><th>Status</th><th class="num">Progress</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
<p class="note">This is the sample learner portal${inApp ? ', opened from the mobile app' : ''}: the live portal has the lessons and question banks.</p>
${inApp ? '' : '<p><a href="/">Back to the shop</a></p>'}`,
        ),
      );
    },
  );
}
