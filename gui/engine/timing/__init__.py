"""What ends or opens with time: reaction windows and the durations of states."""
