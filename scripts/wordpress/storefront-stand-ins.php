<?php
/*
 * Plugin Name: Storefront stand-ins
 * Description: For scripts/test-wordpress.mjs: a stand-in for the company's order lookup
 * (custom/v2/check-order-lookup/{id}), which answers any caller with the order's buyer, as the
 * real route does. The gateway opens it to the order's owner only; through a front-end URL's
 * `rest_route` it would answer anyone.
 */
add_action('rest_api_init', function () {
    register_rest_route('custom/v2', '/check-order-lookup/(?P<id>\d+)', [
        'methods' => 'GET',
        'permission_callback' => '__return_true',
        'callback' => fn (WP_REST_Request $request) => [
            'order_id' => (int) $request['id'],
            'status' => 'processing',
            'billing_email' => 'learner-one@example-academy.test',
        ],
    ]);
});
