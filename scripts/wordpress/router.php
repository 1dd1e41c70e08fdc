<?php
/*
 * The router of `php -S` for the test WordPress (scripts/test-wordpress.mjs), doing what Apache
 * does with WordPress's .htaccess: a file that exists is served as it is; any other path (a page,
 * /wp-json/..., a missing upload) is WordPress's index.php, as `RewriteRule . /index.php` sends it.
 * Unlike Apache, no other PHP file is run (wp-login.php...): the gateway passes none of them.
 *
 * The document root is a tree of links to Debian's /usr/share/wordpress: ABSPATH is defined here
 * as the document root, so WordPress loads the test's own wp-config.php and wp-content, never
 * Debian's (which reads /etc/wordpress).
 */
define('ABSPATH', __DIR__ . '/');

$path = rawurldecode((string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
$file = __DIR__ . $path;
if ($path !== '/' && is_file($file) && !str_ends_with($path, '.php')) {
    return false;
}

$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/index.php';
chdir(__DIR__);
require __DIR__ . '/index.php';
