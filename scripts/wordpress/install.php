<?php
/*
 * Installs the test WordPress (scripts/test-wordpress.mjs) without its installer's pages:
 *   php install.php <document root> <site URL>
 * the site, pretty permalinks (/%postname%/, so /wp-json/ is a path as in production), two
 * learners with a post each, and the pages the storefront's mounts name (/checkout/). Prints the
 * ids the test asks about, as JSON.
 */
define('WP_INSTALLING', true);
define('ABSPATH', rtrim($argv[1], '/') . '/');
$_SERVER['HTTP_HOST'] = parse_url($argv[2], PHP_URL_HOST) . ':' . parse_url($argv[2], PHP_URL_PORT);
$_SERVER['REQUEST_URI'] = '/';

/* No mail is sent: the site has no mail server. */
function wp_new_blog_notification() {}

require ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

$installed = wp_install('Example Academy', 'site-admin', 'site-admin@example-academy.test', false, '', wp_generate_password(32));
if (empty($installed['user_id'])) {
    fwrite(STDERR, "WordPress did not install.\n");
    exit(1);
}

global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');

$learners = [];
foreach (['learner-one', 'learner-two'] as $login) {
    $id = wp_insert_user([
        'user_login' => $login,
        'user_email' => "$login@example-academy.test",
        'user_pass' => wp_generate_password(32),
        'role' => 'author',
    ]);
    if (is_wp_error($id)) {
        fwrite(STDERR, $id->get_error_message() . "\n");
        exit(1);
    }
    $learners[] = $id;
    wp_insert_post([
        'post_title' => "Revision notes by $login",
        'post_name' => "revision-notes-$login",
        'post_content' => 'Three weeks before the exam, practise with timed papers.',
        'post_status' => 'publish',
        'post_author' => $id,
    ]);
}
$checkout = wp_insert_post([
    'post_type' => 'page',
    'post_title' => 'Checkout',
    'post_name' => 'checkout',
    'post_content' => 'The payment page.',
    'post_status' => 'publish',
    'post_author' => 1,
]);
$wp_rewrite->flush_rules(false);

echo json_encode(['version' => get_bloginfo('version'), 'checkoutPage' => $checkout, 'learners' => $learners]), "\n";
