printf 'n\nn\n]\ne 3\np\n/ Lark\nbogus\nq\n' | $SILLAGE step tests/cli/data/example.sil
