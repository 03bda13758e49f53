import { createBrowserRouter } from 'react-router'
import { PAGE_TITLES } from '#common/messages'
import { FullPageLoader } from '#web/components/full-page-loader'
import { LandingRoute } from './routes/landing'
import { MarketingLayout } from './routes/marketing-layout'
import { NotFoundRoute } from './routes/not-found'
import { RootLayout } from './routes/root-layout'
import { RouteError } from './routes/route-error'

/**
 * The landing page ships in the main bundle; every other screen, and the whole signed-in area,
 * is a lazy chunk (the landing page's JavaScript stays under 200 KB gzipped).
 * Dashboard routes carry `handle.title` for the app shell's top bar.
 */
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: MarketingLayout,
        children: [
          { index: true, Component: LandingRoute },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('./routes/reset-password')).ResetPasswordRoute,
            }),
          },
          {
            path: 'blog',
            lazy: async () => ({ Component: (await import('./routes/blog')).BlogRoute }),
          },
          {
            path: 'blog/:slug',
            lazy: async () => ({ Component: (await import('./routes/blog-article')).BlogArticleRoute }),
          },
          {
            path: 'compare/rowcraft-vs-clay',
            lazy: async () => ({ Component: (await import('./routes/compare-clay')).CompareClayRoute }),
          },
          {
            path: 'compare/migrate-from-clay',
            lazy: async () => ({ Component: (await import('./routes/migrate-from-clay')).MigrateFromClayRoute }),
          },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('./routes/contact')).ContactRoute }),
          },
          {
            path: 'help',
            lazy: async () => ({ Component: (await import('./routes/help')).HelpRoute }),
          },
          {
            path: 'privacy',
            lazy: async () => ({ Component: (await import('./routes/privacy')).PrivacyRoute }),
          },
          {
            path: 'terms',
            lazy: async () => ({ Component: (await import('./routes/terms')).TermsRoute }),
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
      {
        // The signed-in area loads in its own chunks: the marketing pages never download it.
        lazy: async () => ({
          Component: (await import('#web/features/auth/components/protected-route')).ProtectedRoute,
          HydrateFallback: FullPageLoader,
        }),
        children: [
          {
            path: 'payment-setup',
            lazy: async () => ({ Component: (await import('./routes/payment-setup')).PaymentSetupRoute }),
          },
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('./routes/dashboard/layout')).DashboardLayout,
            }),
            children: [
              {
                index: true,
                handle: { title: PAGE_TITLES.home },
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/home')).DashboardHomeRoute,
                }),
              },
              {
                path: 'files',
                handle: { title: PAGE_TITLES.files },
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/files')).FilesRoute,
                }),
              },
              {
                path: 'ai-fields',
                handle: { title: PAGE_TITLES.aiFields },
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/ai-fields')).AiFieldsRoute,
                }),
              },
              {
                path: 'profile',
                handle: { title: PAGE_TITLES.profile },
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/profile')).ProfileRoute,
                }),
              },
              {
                path: 'subscription',
                handle: { title: PAGE_TITLES.subscription },
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/subscription')).SubscriptionRoute,
                }),
              },
              {
                path: 'subscription/portal',
                handle: { title: PAGE_TITLES.subscription },
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/billing-portal')).BillingPortalRoute,
                }),
              },
              {
                path: 'api-settings',
                handle: { title: PAGE_TITLES.apiSettings },
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/api-settings')).ApiSettingsRoute,
                }),
              },
              {
                path: ':uploadId',
                handle: { title: PAGE_TITLES.upload },
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/upload')).UploadRoute,
                }),
              },
              { path: '*', Component: NotFoundRoute },
            ],
          },
        ],
      },
    ],
  },
])
