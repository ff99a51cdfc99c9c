/**
 * The parts of React Router the apps use, and the only way they reach it: '@sopwright/web-client'
 * is the shared singleton, not 'react-router-dom', so the shell ships only what is named here
 * (and what libs/ui uses) instead of the whole router, and there is still one router, the
 * shell's (the web build refuses a direct import of react-router from an app). Add a name here
 * when an app needs another part.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
