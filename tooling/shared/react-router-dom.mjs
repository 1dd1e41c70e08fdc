// The parts of the router the storefront uses. Apps share it as the singleton "react-router-dom",
// so the page holds one router, and only these parts of it: a shared package is otherwise bundled
// whole, because the build cannot know what another app will import (react-router 7 whole is
// 52 KB compressed; these parts are a fraction of it). Using another export fails the build with
// "export '…' was not found in 'react-router-dom'" until it is added here.
export {
  Link,
  NavigationType,
  Route,
  Router,
  Routes,
  UNSAFE_createBrowserHistory,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
