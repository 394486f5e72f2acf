import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireAuth, RequireHost } from './guards';
import { lazyRoute } from './lazy-route';

const page = lazyRoute;

/**
 * The screens the server draws for a first visit (entry-server.tsx): the ones people land on to look and
 * read. Forms and screens about the signed-in person are drawn in the browser only, so nothing typed or
 * chosen before the app has started is lost and nobody sees a visitor's version of their own page.
 */
const drawnOnServer = { drawnOnServer: true };
export const isDrawnOnServer = (handle: unknown) => (handle as { drawnOnServer?: boolean } | undefined)?.drawnOnServer === true;

/** Every route of SPEC 2.1, with the spec's exact paths. */
const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/home-page')), handle: drawnOnServer },
  { path: 'sign_up', lazy: page(() => import('../features/accounts/sign-up-page')) },
  { path: 'login', lazy: page(() => import('../features/accounts/login-page')) },
  { path: 'forget', lazy: page(() => import('../features/accounts/forget-page')) },
  { path: 'reset_password', lazy: page(() => import('../features/accounts/reset-password-page')) },
  { path: 'upload_govt_id', lazy: page(() => import('../features/hosts/upload-govt-id-page')) },
  { path: 'aboutus', lazy: page(() => import('../features/content/about-page')), handle: drawnOnServer },
  { path: 'work', lazy: page(() => import('../features/content/work-page')), handle: drawnOnServer },
  { path: 'contact', lazy: page(() => import('../features/content/contact-page')) },
  { path: 'privacy', lazy: page(() => import('../features/content/privacy-page')), handle: drawnOnServer },
  { path: 'terms_and_condition', lazy: page(() => import('../features/content/terms-page')), handle: drawnOnServer },
  { path: 'faq', lazy: page(() => import('../features/content/faq-page')), handle: drawnOnServer },
  { path: 'blogs', lazy: page(() => import('../features/content/blogs-page')), handle: drawnOnServer },
  { path: 'blogs/blog-detail', lazy: page(() => import('../features/content/blog-detail-page')), handle: drawnOnServer },
  { path: 'helper', lazy: page(() => import('../features/content/helper-page')), handle: drawnOnServer },
  { path: 'alertMessage', lazy: page(() => import('../features/content/alert-message-page')) },
  { path: 'parking', lazy: page(() => import('../features/search/search-page')), handle: drawnOnServer },
  { path: 'parking_type', lazy: page(() => import('../features/search/parking-type-page')), handle: drawnOnServer },
  { path: 'parking/:parking_id', lazy: page(() => import('../features/listings/listing-page')), handle: drawnOnServer },
  { path: 'booking_details/:parking_id', lazy: page(() => import('../features/checkout/booking-details-page')) },
  { path: 'Favorater', lazy: page(() => import('../features/favorites/favorites-page')) },
];

const protectedRoutes: RouteObject[] = [
  { path: 'profile', lazy: page(() => import('../features/accounts/profile-page')) },
  { path: 'change_password', lazy: page(() => import('../features/accounts/change-password-page')) },
  { path: 'update_location', lazy: page(() => import('../features/accounts/update-location-page')) },
  { path: 'welcomehost', lazy: page(() => import('../features/hosts/welcome-host-page')) },
  { path: 'saved_vehicle', lazy: page(() => import('../features/vehicles/saved-vehicles-page')) },
  { path: 'parking/booking', lazy: page(() => import('../features/checkout/checkout-page')) },
  { path: 'parking/booking-details/:id', lazy: page(() => import('../features/bookings/booking-details-page')) },
  { path: 'chatroom', lazy: page(() => import('../features/chat/chat-rooms-page')) },
  { path: 'chatroom/message', lazy: page(() => import('../features/chat/conversation-page')) },
  { path: 'payment_card', lazy: page(() => import('../features/payment-methods/payment-cards-page')) },
  { path: 'Paymentstripe', lazy: page(() => import('../features/checkout/payment-page')) },
  { path: 'Sucesspopup', lazy: page(() => import('../features/checkout/success-page')) },
  { path: 'booking_cancel', lazy: page(() => import('../features/bookings/booking-cancel-page')) },
  { path: 'ownerbooking', lazy: page(() => import('../features/bookings/my-bookings-page')) },
  {
    // host screens check the profile, not just the token (DESIGN section 5)
    element: <RequireHost />,
    children: [
      { path: 'hosthomes', lazy: page(() => import('../features/hosts/host-home-page')) },
      { path: 'my-listing', lazy: page(() => import('../features/listings/my-listing-page')) },
      { path: 'earning', lazy: page(() => import('../features/earnings/earnings-page')) },
      { path: 'chats', lazy: page(() => import('../features/chat/host-inbox-page')) },
      { path: 'booking_details', lazy: page(() => import('../features/host-bookings/booking/host-booking-page')) },
      { path: 'add_parking', lazy: page(() => import('../features/listings/add-parking-page')) },
      { path: 'Manage_parking', lazy: page(() => import('../features/listings/manage-parking-page')) },
      { path: 'parking_Complete', lazy: page(() => import('../features/listings/parking-complete-page')) },
      { path: 'HostBoking_history', lazy: page(() => import('../features/host-bookings/history/host-history-page')) },
    ],
  },
];

/** `errorElement: true`: that route and those below it show the error screen when one fails (route-modules.tsx). */
export const routes: RouteObject[] = [
  // the admin console has a frame of its own (features/admin/admin-layout.tsx)
  {
    element: <RequireAuth />,
    errorElement: true,
    // the console's own route table comes with its code (features/admin/admin-routes.tsx)
    children: [{ path: 'admin/*', lazy: lazyRoute(() => import('../features/admin/admin-routes')) }],
  },
  // the gate screen has a frame of its own too, for a host or their gate account (decision 034)
  {
    element: <RequireAuth />,
    errorElement: true,
    // its route table comes with its code (features/gate/gate-routes.tsx): /gate and /gate/accounts
    children: [{ path: 'gate/*', lazy: lazyRoute(() => import('../features/gate/gate-routes')) }],
  },
  {
    element: <AppLayout />,
    errorElement: true,
    children: [
      {
        errorElement: true,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: protectedRoutes },
          { path: '*', lazy: page(() => import('./not-found-page')), handle: drawnOnServer },
        ],
      },
    ],
  },
];
