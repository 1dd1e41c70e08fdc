<?php
// What PHP made of a request, for the gateway's differential tests (proxy/phpParams.php.test.ts):
// its method, $_GET and $_POST as PHP parsed them, and the raw query and body it received. The
// report is base64 inside JSON, so nothing between here and the test (the gateway's sanitizer of
// WordPress's HTML) reads or changes its strings.
header('Content-Type: application/json');
$parsed = [
    'method' => $_SERVER['REQUEST_METHOD'],
    'get' => $_GET,
    'post' => $_POST,
    'query' => $_SERVER['QUERY_STRING'] ?? '',
    'body' => file_get_contents('php://input'),
];
$flags = JSON_FORCE_OBJECT | JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES;
echo json_encode(['php_echo' => base64_encode(json_encode($parsed, $flags))]);
