import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * What a shell page is told of the route that shows it (shared-store's page contract): its
 * slug (the route's path without its first slash: a legal or info page's WordPress name) and its
 * title (the heading of a page that shows one of several, the document title of others).
 */
export interface ShellPageProps {
  slug: string;
  title: string;
}

/**
 * The shell's own pages by the name the page contract gives them (`pages/LoginPage`), each split
 * from the shell's first load: the home page needs none of them. The build lists each one's files
 * by that name (tooling/startupPreload.js PageCodePlugin), for the gateway to hint.
 */
export const SHELL_PAGES: Record<string, LazyExoticComponent<ComponentType<ShellPageProps>>> = {
  'pages/LoginPage': lazy(() => import('./LoginPage')),
  'pages/SignupPage': lazy(() => import('./SignupPage')),
  'pages/ForgotPasswordPage': lazy(() => import('./ForgotPasswordPage')),
  'pages/SearchPage': lazy(() => import('./SearchPage')),
  'pages/BlogsPage': lazy(() => import('./BlogsPage')),
  'pages/BlogPostPage': lazy(() => import('./BlogPostPage')),
  'pages/LegalPage': lazy(() => import('./LegalPage')),
  'pages/SubscribePage': lazy(() => import('./SubscribePage')),
  'pages/ContactPage': lazy(() => import('./ContactPage')),
  'pages/InfoPage': lazy(() => import('./InfoPage')),
  'pages/MyCoursesPage': lazy(() => import('./MyCoursesPage')),
  'pages/WordPressPage': lazy(() => import('./WordPressPage')),
};
